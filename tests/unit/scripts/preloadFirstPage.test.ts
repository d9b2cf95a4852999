import type { OutputBundle, OutputChunk } from 'rollup';
import { describe, expect, it } from 'vitest';
import { chunksOf } from '../../../scripts/preloadFirstPage';

const chunk = (fileName: string, facadeModuleId: string | null, imports: string[], isEntry = false): OutputChunk =>
  ({ type: 'chunk', fileName, facadeModuleId, imports, isEntry }) as OutputChunk;

describe('chunksOf (what index.html preloads for the sign-in page)', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', '/app/src/main.tsx', [], true),
      chunk('assets/SignIn.js', '/app/src/pages/SignIn.tsx', [
        'assets/index.js',
        'assets/TextField.js',
        'assets/Button.js',
      ]),
      chunk('assets/TextField.js', null, ['assets/index.js', 'assets/Button.js']),
      chunk('assets/Button.js', null, ['assets/index.js']),
      chunk('assets/Console.js', '/app/src/Console.tsx', ['assets/index.js', 'assets/TextField.js']),
    ].map((c) => [c.fileName, c]),
  ) as OutputBundle;

  it("names the page's chunk and every chunk it imports, once each, without the entry or unrelated pages", () => {
    expect(chunksOf(bundle, /\/src\/pages\/SignIn\.tsx$/)).toEqual([
      'assets/SignIn.js',
      'assets/TextField.js',
      'assets/Button.js',
    ]);
  });

  it('names nothing when the page is not in the build', () => {
    expect(chunksOf(bundle, /\/src\/pages\/Gone\.tsx$/)).toEqual([]);
  });
});
