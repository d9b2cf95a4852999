import { describe, expect, it } from 'vitest';
import { decodeCursor, encodeCursor } from '../../../server/lib/cursor.js';

describe('page cursors', () => {
  it('round-trips the sort key and id, including awkward characters', () => {
    for (const [key, id] of [
      ['2026-01-01T00:00:00.000Z', 'abc'],
      ['SKU "1" / ö', 'x,y'],
      ['', ''],
    ]) {
      expect(decodeCursor(encodeCursor(key!, id!))).toEqual({ key, id });
    }
  });

  it('is opaque: URL-safe text that does not show its contents', () => {
    const c = encodeCursor('LI-1000', 'id-1');
    expect(c).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(c).not.toContain('LI-1000');
  });

  it('refuses anything it did not make', () => {
    for (const bad of [
      '',
      'not-base64!',
      Buffer.from('{"a":1}').toString('base64url'),
      Buffer.from('[1,2]').toString('base64url'),
      Buffer.from('["a"]').toString('base64url'),
    ]) {
      expect(decodeCursor(bad)).toBeNull();
    }
  });

  it('refuses cursors carrying controls, unpaired surrogates or over-long keys, which no row has', () => {
    for (const [key, id] of [
      ['a\u0000', 'x'],
      ['ok', '\ud800'],
      ['\u0085', 'x'],
      ['x'.repeat(201), 'x'],
    ]) {
      expect(decodeCursor(encodeCursor(key!, id!))).toBeNull();
    }
    expect(decodeCursor(encodeCursor('👍 emoji', 'x'))).toEqual({ key: '👍 emoji', id: 'x' });
  });
});
