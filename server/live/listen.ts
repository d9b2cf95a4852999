import type pg from 'pg';

export interface ListenHandlers {
  /** A notification's payload on the channel. */
  notify(payload: string): void;
  /** The LISTEN is in place, at start and after each reconnect: what was heard may have missed notifications. */
  up(): void | Promise<void>;
  /** The connection was lost; a new one is tried `retryMs` later. */
  lost(err: unknown): void;
  /** A reconnect failed; the connection stays down. */
  retryFailed(err: unknown): void;
}

/**
 * A LISTEN on `channel` over one pooled connection, kept up until `close`. The connection goes back to the pool once:
 * its error after close (the database dropped, an operator ending idle connections) or a second error event must not
 * release it again, which pg-pool answers with an uncaught exception. The first connect's failure is thrown.
 */
export async function listen(
  pool: pg.Pool,
  channel: string,
  handlers: ListenHandlers,
  retryMs = 1000,
): Promise<{ close(): Promise<void> }> {
  let closed = false;
  let listening: { client: pg.PoolClient; release: (destroy: boolean) => void } | null = null;

  const connect = async (): Promise<void> => {
    // A reconnect planned before close finds it closed.
    if (closed) return;
    const c = await pool.connect();
    let released = false;
    const onNotification = (n: pg.Notification): void => {
      if (n.channel === channel) handlers.notify(n.payload ?? '');
    };
    const release = (destroy: boolean): void => {
      if (released) return;
      released = true;
      c.removeListener('notification', onNotification);
      c.release(destroy);
    };
    c.on('notification', onNotification);
    c.on('error', (err) => {
      // An error after the connection went back to the pool is not ours to handle.
      if (released) return;
      release(true);
      listening = null;
      handlers.lost(err);
      if (!closed) setTimeout(() => void connect().catch(handlers.retryFailed), retryMs);
    });
    try {
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      release(true);
      throw err;
    }
    if (closed) return release(false);
    listening = { client: c, release };
    await handlers.up();
  };
  await connect();

  return {
    async close() {
      closed = true;
      if (!listening) return;
      const { client, release } = listening;
      listening = null;
      await client.query(`UNLISTEN ${channel}`).catch(() => undefined);
      release(false);
    },
  };
}
