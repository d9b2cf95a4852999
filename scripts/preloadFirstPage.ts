// A Vite plugin: index.html gets <link rel="modulepreload"> for the sign-in page's chunk and the chunks it imports,
// so the browser fetches and compiles them while the entry script downloads and runs, instead of after.
import type { OutputBundle, OutputChunk } from 'rollup';
import type { HtmlTagDescriptor, Plugin } from 'vite';

/** The chunk files a page's chunk needs (itself and its static imports, the entry's own excluded), in load order. */
export function chunksOf(bundle: OutputBundle, pageModule: RegExp): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const page = chunks.find((c) => c.facadeModuleId !== null && pageModule.test(c.facadeModuleId));
  if (!page) return [];
  const entries = new Set(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const found: string[] = [];
  const visit = (fileName: string): void => {
    if (entries.has(fileName) || found.includes(fileName)) return;
    found.push(fileName);
    for (const next of chunks.find((c) => c.fileName === fileName)?.imports ?? []) visit(next);
  };
  visit(page.fileName);
  return found;
}

/**
 * The plugin. The sign-in page is the first screen of every visit without a session; what it adds to other first
 * screens is small (its chunks are mostly MUI parts the console shares), measured in BENCHMARKS.md.
 */
export function preloadFirstPagePlugin(pageModule = /\/src\/pages\/SignIn\.tsx$/): Plugin {
  let base = '/';
  return {
    name: 'console-preload-first-page',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const tags: HtmlTagDescriptor[] = chunksOf(ctx.bundle, pageModule).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
        return { html, tags };
      },
    },
  };
}
