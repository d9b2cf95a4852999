import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS } from '../../../scripts/serverBundle.mjs';

// npm start, the end to end server and the bench's server must run with the same Node flags; package.json can
// only spell them out, so this keeps the two in step.
describe('the server Node flags', () => {
  it('are the ones package.json starts the server with', () => {
    const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', '..', 'package.json'), 'utf8')) as {
      scripts: { start: string };
    };
    const words = pkg.scripts.start.split(/\s+/);
    expect(words[0]).toBe('node');
    expect(words.slice(1, -1)).toEqual(SERVER_NODE_FLAGS);
    expect(words.at(-1)).toBe('scripts/start.mjs');
  });
});
