import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// /signin must not load react-admin (issue #5: at most 250 KB of gzip JavaScript before sign-in). What the public
// pages import statically ends up in their chunks; what they import with import() does not. This walks the static
// imports from the entry and names every module that takes a value from react-admin or its parts.
const ROOT = resolve(import.meta.dirname, '..', '..');
const HEAVY = /^(react-admin|ra-[a-z-]+|@tanstack\/react-query|react-hook-form)$/;
// Values that come from react-admin without its runtime: the theme objects (light and dark), plain literals
// (tree-shaken).
const ALLOWED = new Set(['defaultTheme', 'defaultDarkTheme']);

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Every static value import reachable from `entry`: [importing file, package, names]. */
function heavyImports(entry: string): string[] {
  const seen = new Set<string>();
  const found: string[] = [];
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    // Static imports only: `import x from`, `import { a } from`, `export … from`; not `import type`, not import().
    for (const m of text.matchAll(/^(?:import|export)\s+(?!type\b)([^'"]*?)\s*from\s*'([^']+)'/gm)) {
      const [, clause = '', spec = ''] = m;
      if (spec.startsWith('.')) {
        const target = resolveLocal(file, spec.replace(/\.js$/, ''));
        if (target) visit(target);
      } else if (HEAVY.test(spec)) {
        const names = clause
          .replace(/[{}]/g, '')
          .split(',')
          .map((n) => n.trim())
          .filter((n) => n && !n.startsWith('type '));
        if (names.some((n) => !ALLOWED.has(n)))
          found.push(`${file.slice(ROOT.length + 1)}: ${names.join(', ')} from ${spec}`);
      }
    }
  };
  visit(entry);
  return found;
}

describe('the public pages stay light', () => {
  it(
    'nothing the entry or the public pages import statically ' + 'takes react-admin, react-query or react-hook-form',
    () => {
      const entries = [
        'src/main.tsx',
        'src/pages/SignIn.tsx',
        'src/pages/Forgot.tsx',
        'src/pages/ResetPassword.tsx',
        'src/pages/Version.tsx',
      ];
      expect(entries.flatMap((e) => heavyImports(join(ROOT, e)))).toEqual([]);
    },
  );

  it('the walk does see react-admin where it is used (the signed-in console)', () => {
    expect(heavyImports(join(ROOT, 'src/Console.tsx')).length).toBeGreaterThan(0);
  });
});
