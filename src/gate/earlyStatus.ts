import type { LiveStatus, LiveStatusListener } from '../../base/backend';

type Subscribe = (listener: LiveStatusListener) => () => void;

/**
 * Opens the live status feed at once, before React has rendered the gate that waits for it, and shares it: each
 * subscriber hears the newest status straight away (if one came) and every one after. The feed stays open for the
 * page's life, as the gate's own subscription did.
 */
export function openStatusFeed(subscribe: Subscribe): Subscribe {
  const listeners = new Set<LiveStatusListener>();
  let latest: { status: LiveStatus } | null = null;
  subscribe((status) => {
    latest = { status };
    for (const listener of listeners) listener(status);
  });
  return (listener) => {
    listeners.add(listener);
    if (latest) listener(latest.status);
    return () => {
      listeners.delete(listener);
    };
  };
}
