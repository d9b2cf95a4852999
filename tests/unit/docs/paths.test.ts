import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The documents name files of the repository in backticks (`server/config.ts`); a file renamed or removed must take
// its mentions along. Only paths under the repository's own folders count: a data folder (`DATA_DIR/outbox`), a
// package (`@mui/x-charts`), an API route or a build output (dist/) is not a file of the repository.
const root = join(fileURLToPath(import.meta.url), '..', '..', '..', '..');
const FOLDERS = ['src', 'base', 'resources', 'providers', 'server', 'domain', 'tests', 'scripts', 'bench', '.ci'];
const DOCUMENTS = ['README.md', 'BENCHMARKS.md', ...readdirSync(join(root, 'docs')).map((f) => `docs/${f}`)];

/** The repository paths a Markdown text names in backticks: `folder/…/name.ext` or `folder/…/` (a folder). */
function namedPaths(markdown: string): string[] {
  const paths = [...markdown.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]!);
  return paths.filter(
    (p) =>
      FOLDERS.some((f) => p.startsWith(`${f}/`)) &&
      !/[<>*…]|0NN/.test(p) && // a pattern (`resources/<name>/`, `server/core/webhook*.ts`), not one path
      (/\.[a-z]+$/.test(p) || p.endsWith('/')),
  );
}

describe('the documents name files that exist', () => {
  it('finds the paths a text names, and not the rest', () => {
    expect(namedPaths('`server/config.ts`, `resources/careguides/`, `DATA_DIR/files`, `resources/<name>/`')).toEqual([
      'server/config.ts',
      'resources/careguides/',
    ]);
  });

  it.each(DOCUMENTS)('%s', (doc) => {
    const named = namedPaths(readFileSync(join(root, doc), 'utf8'));
    expect(named.filter((p) => !existsSync(join(root, p)))).toEqual([]);
  });
});
