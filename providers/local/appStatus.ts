import type { AppStatus } from '../../domain/appStatus';
import type { LiveStatusListener } from '../../base/backend';

export interface AppStatusOptions {
  url?: string;
  /** How long the feed may be down before the status counts as unknown again (a quick restart stays invisible). */
  unknownAfterMs?: number;
  /** Wait before opening a new stream when the browser has given up on one. */
  retryMs?: number;
}

/** Follows GET /api/app/status/events; the listener hears each status, and null once the feed stays down. */
export function subscribeAppStatus(listener: LiveStatusListener, options: AppStatusOptions = {}): () => void {
  const { url = '/api/app/status/events', unknownAfterMs = 3000, retryMs = 2000 } = options;
  let source: EventSource | null = null;
  let unknownTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const connect = (): void => {
    const es = new EventSource(url);
    source = es;
    es.onmessage = (event: MessageEvent<string>) => {
      clearTimeout(unknownTimer);
      unknownTimer = undefined;
      listener(parseStatus(event.data));
    };
    es.onerror = () => {
      unknownTimer ??= setTimeout(() => {
        unknownTimer = undefined;
        if (!stopped) listener(null);
      }, unknownAfterMs);
      // The browser reconnects by itself after a dropped stream, but gives up for good on an
      // HTTP error (a proxy's 502 while the server restarts): then we open a new one ourselves.
      if (es.readyState === EventSource.CLOSED && !stopped) {
        es.close();
        clearTimeout(retryTimer);
        retryTimer = setTimeout(connect, retryMs);
      }
    };
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(unknownTimer);
    clearTimeout(retryTimer);
    source?.close();
  };
}

/** Reads one event's data as {active, version}; anything else counts as unknown. */
export function parseStatus(data: string): AppStatus | null {
  try {
    const v: unknown = JSON.parse(data);
    if (v && typeof v === 'object' && 'active' in v && 'version' in v) {
      const { active, version } = v;
      if (typeof active === 'boolean' && typeof version === 'string') return { active, version };
    }
  } catch {
    // fall through: not JSON
  }
  return null;
}

/**
 * Follows GET /api/dashboard/events: the listener hears each committed change that moves the dashboard's figures. The
 * browser reconnects a dropped stream by itself; one it gave up on (an HTTP error) is left: the page's timer reads on.
 */
export function subscribeDashboard(listener: () => void, url = '/api/dashboard/events'): () => void {
  const source = new EventSource(url);
  source.onmessage = () => listener();
  return () => source.close();
}
