import { describe, expect, it, vi } from 'vitest';
import type { LiveStatusListener } from '../../../base/backend';
import { openStatusFeed } from '../../../src/gate/earlyStatus';

describe('openStatusFeed (the live status, opened before the gate renders)', () => {
  it(
    'opens the feed once, at once; a later subscriber hears ' + 'the newest status straight away, then each new one',
    () => {
      let feed: LiveStatusListener = () => undefined;
      const subscribe = vi.fn((listener: LiveStatusListener) => {
        feed = listener;
        return () => undefined;
      });
      const shared = openStatusFeed(subscribe);
      expect(subscribe).toHaveBeenCalledTimes(1);
      feed({ active: false, version: '1' });
      feed({ active: true, version: '1' });

      const heard: unknown[] = [];
      const stop = shared((s) => heard.push(s));
      expect(heard).toEqual([{ active: true, version: '1' }]);
      feed(null);
      expect(heard).toEqual([{ active: true, version: '1' }, null]);
      stop();
      feed({ active: true, version: '2' });
      expect(heard).toHaveLength(2);
      expect(subscribe).toHaveBeenCalledTimes(1);
    },
  );

  it('a subscriber from before the first status hears nothing until it comes (unknown stays unknown)', () => {
    let feed: LiveStatusListener = () => undefined;
    const shared = openStatusFeed((listener) => {
      feed = listener;
      return () => undefined;
    });
    const heard: unknown[] = [];
    shared((s) => heard.push(s));
    expect(heard).toEqual([]);
    feed({ active: true, version: '1' });
    expect(heard).toEqual([{ active: true, version: '1' }]);
  });
});
