import { describe, expect, it } from 'vitest';
import { FeedCache } from '../../../server/live/feedCache.js';

const entry = (text: string) => ({ body: Buffer.from(text), etag: `"${text}"` });

// Each described resource's feed is a part of its own (`record:<name>`): a change to one drops its answers only, and
// a change the process cannot name (another process wrote the SQLite file) drops every part, reads in flight too.
describe('the feed cache’s parts', () => {
  it('drops one resource’s answers and keeps the others', () => {
    const cache = new FeedCache();
    cache.set('a', 'record:careguides', cache.generation('record:careguides'), entry('a'));
    cache.set('b', 'record:fabrics', cache.generation('record:fabrics'), entry('b'));
    cache.set('p', 'products', cache.generation('products'), entry('p'));
    cache.dropLocal(['record:careguides']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.etag).toBe('"b"');
    expect(cache.get('p')?.etag).toBe('"p"');
  });

  it('never keeps an answer read before its part was dropped', () => {
    const cache = new FeedCache();
    const at = cache.generation('record:careguides');
    cache.dropLocal(['record:careguides']);
    cache.set('a', 'record:careguides', at, entry('a'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops everything, and keeps nothing read before, when it cannot name the change', () => {
    const cache = new FeedCache();
    cache.set('p', 'products', cache.generation('products'), entry('p'));
    // A read begun (its generation taken) but not yet kept.
    const inFlight = cache.generation('record:careguides');
    cache.dropAllLocal();
    expect(cache.size).toBe(0);
    cache.set('a', 'record:careguides', inFlight, entry('a'));
    expect(cache.get('a')).toBeUndefined();
    // A read begun after it is kept.
    cache.set('b', 'record:careguides', cache.generation('record:careguides'), entry('b'));
    expect(cache.get('b')?.etag).toBe('"b"');
  });
});
