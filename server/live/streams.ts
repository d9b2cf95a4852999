import type { ServerResponse } from 'node:http';

/** How long a browser waits before reconnecting after its stream was ended on shutdown. */
export const RECONNECT_MS = 1000;

/**
 * The open server-sent event streams of one instance: counted for /metrics, and ended on shutdown with a `retry:`
 * hint so each browser reconnects (through the load balancer, to an instance that is still up) instead of waiting.
 */
export class EventStreams {
  private readonly open = new Set<ServerResponse>();

  /** Keeps a stream until its connection closes. */
  add(res: ServerResponse): void {
    this.open.add(res);
    res.once('close', () => this.open.delete(res));
  }

  /** How many streams are open now. */
  get size(): number {
    return this.open.size;
  }

  /** Ends every stream, each told to come back after `retryMs`. */
  endAll(retryMs = RECONNECT_MS): void {
    for (const res of this.open) {
      if (!res.writableEnded) res.end(`retry: ${retryMs}\n\n`);
      this.open.delete(res);
    }
  }
}
