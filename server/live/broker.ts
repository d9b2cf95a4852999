import { EventEmitter } from 'node:events';
import type pg from 'pg';

const CHANNEL = 'app_status';

/** Carries "the app status changed" to every listener, across instances on PostgreSQL. */
export interface Broker {
  /** Announce a change; call after the transaction that made it has committed. */
  publish(): Promise<void>;
  /** Register a listener; returns a function that removes it. */
  subscribe(listener: () => void): () => void;
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
export function memoryBroker(watch?: Watch): Broker {
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
    publish: async () => void events.emit(CHANNEL),
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
export async function pgBroker(pool: pg.Pool, onError: (err: unknown) => void): Promise<Broker> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let closed = false;
  let client: { query: pg.PoolClient['query']; release: () => void } | null = null;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    // A client goes back to the pool once: an error after close (the database dropped, the server restarted) or a
    // second error event must not release it again, which pg answers with an uncaught exception.
    let released = false;
    const release = (destroy: boolean): void => {
      if (released) return;
      released = true;
      c.release(destroy);
    };
    c.on('notification', (n) => n.channel === CHANNEL && events.emit(CHANNEL));
    c.on('error', (err) => {
      if (released) return;
      onError(err);
      release(true);
      client = null;
      // Reconnect after a short pause; a restart of PostgreSQL must not end the live feed for good.
      if (!closed) setTimeout(() => void connect().catch(onError), 1000);
    });
    await c.query(`LISTEN ${CHANNEL}`);
    client = { query: c.query.bind(c), release: () => release(false) };
    // Listeners re-read the status after a reconnect, in case a change was missed meanwhile.
    events.emit(CHANNEL);
  };
  await connect();
  return {
    publish: async () => void (await pool.query(`NOTIFY ${CHANNEL}`)),
    subscribe(listener) {
      events.on(CHANNEL, listener);
      return () => events.off(CHANNEL, listener);
    },
    async close() {
      closed = true;
      events.removeAllListeners();
      if (client) {
        await client.query(`UNLISTEN ${CHANNEL}`).catch(() => undefined);
        client.release();
        client = null;
      }
    },
  };
}
