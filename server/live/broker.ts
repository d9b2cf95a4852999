import { EventEmitter } from 'node:events';
import type pg from 'pg';
import { listen } from './listen.js';

/** The app status's channel; the dashboard's (a change to the figures) is 'dashboard'. */
const APP_STATUS = 'app_status';

/** Carries "the app status changed" (or, on its own channel, another "changed") to every listener, across instances on
 * PostgreSQL. */
export interface Broker {
  /**
   * Announce a change; call after the transaction that made it has committed. `payload`, when given, says what changed
   * (the dashboard's: which kinds of record), for listeners to hear only what concerns them.
   */
  publish(payload?: string): Promise<void>;
  /** Register a listener (told the payload; none: anything may have changed); returns a function that removes it. */
  subscribe(listener: (payload?: string) => void): () => void;
  close(): Promise<void>;
}

/** Re-reads a value on a timer, so changes made by another process (the CLI on SQLite) are heard too. */
export interface Watch {
  read: () => Promise<unknown>;
  everyMs: number;
}

/**
 * In-process broker for one instance (SQLite). With a watch it also polls while anyone listens and
 * announces when the value changed, since a CLI process cannot reach this process's listeners.
 */
export function memoryBroker(watch?: Watch, CHANNEL = APP_STATUS): Broker {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let timer: NodeJS.Timeout | null = null;
  let last: string | undefined;
  const poll = async (): Promise<void> => {
    const value = JSON.stringify(await watch!.read());
    // The first read announces too: listeners drop values they already sent, and a change made
    // between a listener's own first read and this one is not lost.
    if (value !== last) events.emit(CHANNEL);
    last = value;
  };
  const stopPolling = (): void => {
    if (timer) clearInterval(timer);
    timer = null;
    last = undefined;
  };
  return {
    publish: async (payload) => void events.emit(CHANNEL, payload),
    subscribe(listener) {
      events.on(CHANNEL, listener);
      if (watch && !timer) {
        timer = setInterval(() => void poll().catch(() => undefined), watch.everyMs);
        timer.unref();
      }
      return () => {
        events.off(CHANNEL, listener);
        if (events.listenerCount(CHANNEL) === 0) stopPolling();
      };
    },
    close: async () => {
      stopPolling();
      events.removeAllListeners();
    },
  };
}

/** PostgreSQL LISTEN/NOTIFY broker: a change made through any instance reaches listeners on all. */
export async function pgBroker(pool: pg.Pool, onError: (err: unknown) => void, CHANNEL = APP_STATUS): Promise<Broker> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  // Reconnected after a short pause when lost: a restart of PostgreSQL must not end the live feed for good. Listeners
  // re-read the status after each (re)connect, in case a change was missed meanwhile.
  const listening = await listen(pool, CHANNEL, {
    notify: (payload) => void events.emit(CHANNEL, payload || undefined),
    up: () => void events.emit(CHANNEL),
    lost: onError,
    retryFailed: onError,
  });
  return {
    publish: async (payload) =>
      void (await (payload === undefined
        ? pool.query(`NOTIFY ${CHANNEL}`)
        : pool.query('select pg_notify($1, $2)', [CHANNEL, payload]))),
    subscribe(listener) {
      events.on(CHANNEL, listener);
      return () => events.off(CHANNEL, listener);
    },
    async close() {
      events.removeAllListeners();
      await listening.close();
    },
  };
}
