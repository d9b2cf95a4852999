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

/** In-process broker for one instance (SQLite). */
export function memoryBroker(): Broker {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  return {
    publish: async () => void events.emit(CHANNEL),
    subscribe(listener) {
      events.on(CHANNEL, listener);
      return () => events.off(CHANNEL, listener);
    },
    close: async () => void events.removeAllListeners(),
  };
}

/** PostgreSQL LISTEN/NOTIFY broker: a change made through any instance reaches listeners on all. */
export async function pgBroker(pool: pg.Pool, onError: (err: unknown) => void): Promise<Broker> {
  const events = new EventEmitter();
  events.setMaxListeners(0);
  let closed = false;
  let client: pg.PoolClient | null = null;
  const connect = async (): Promise<void> => {
    const c = await pool.connect();
    c.on('notification', (n) => n.channel === CHANNEL && events.emit(CHANNEL));
    c.on('error', (err) => {
      onError(err);
      c.release(true);
      client = null;
      // Reconnect after a short pause; a restart of PostgreSQL must not end the live feed for good.
      if (!closed) setTimeout(() => void connect().catch(onError), 1000);
    });
    await c.query(`LISTEN ${CHANNEL}`);
    client = c;
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
