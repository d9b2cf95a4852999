import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { subscribeAppStatus } from '../../../providers/local/appStatus';
import type { LiveStatus } from '../../../base/backend';
import { FakeEventSource } from '../../components/fakeEventSource';

describe('live app status over server-sent events', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const follow = () => {
    const heard: LiveStatus[] = [];
    const stop = subscribeAppStatus((s) => heard.push(s), { unknownAfterMs: 3000, retryMs: 2000 });
    return { heard, stop, source: () => FakeEventSource.instances.at(-1)! };
  };

  it('opens the status stream and passes on each status', () => {
    const { heard, source } = follow();
    expect(source().url).toBe('/api/app/status/events');
    source().emit({ active: true, version: '0.1.1' });
    source().emit({ active: false, version: '0.1.1' });
    expect(heard).toEqual([
      { active: true, version: '0.1.1' },
      { active: false, version: '0.1.1' },
    ]);
  });

  it('treats a malformed event as unknown', () => {
    const { heard, source } = follow();
    source().emit({ active: 'yes' });
    expect(heard).toEqual([null]);
  });

  it('says unknown only once the feed stays down, and not after a quick reconnect', () => {
    const { heard, source } = follow();
    source().emit({ active: true, version: '0.1.1' });
    source().fail();
    vi.advanceTimersByTime(1000);
    source().emit({ active: true, version: '0.1.1' });
    vi.advanceTimersByTime(5000);
    expect(heard).not.toContain(null);
    source().fail();
    vi.advanceTimersByTime(3000);
    expect(heard.at(-1)).toBeNull();
  });

  it('opens a new stream itself when the browser gives up on one', () => {
    const { heard, source } = follow();
    const first = source();
    first.fail(true);
    vi.advanceTimersByTime(2000);
    expect(FakeEventSource.instances).toHaveLength(2);
    source().emit({ active: true, version: '0.1.1' });
    expect(heard.at(-1)).toEqual({ active: true, version: '0.1.1' });
  });

  it('closes the stream when unsubscribed', () => {
    const { stop, source, heard } = follow();
    stop();
    expect(source().readyState).toBe(FakeEventSource.CLOSED);
    vi.advanceTimersByTime(10_000);
    expect(heard).toEqual([]);
  });
});
