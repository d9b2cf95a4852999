import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Broker } from './broker.js';

/** How long a browser waits before reconnecting after its stream was ended on shutdown. */
export const RECONNECT_MS = 1000;

/**
 * The open server-sent event streams of one instance: counted for /metrics, and ended on shutdown with a `retry:`
 * hint so each browser reconnects (through the load balancer, to an instance that is still up) instead of waiting.
 */
export class EventStreams {
  private readonly open = new Set<ServerResponse>();

  /**
   * Starts a stream on `res` (the headers, a retry hint so browsers come back quickly after a restart), keeps it, and
   * writes a heartbeat every `heartbeatMs`; `follow` starts what writes to it and returns what stops that, run with the
   * heartbeat's end when the browser leaves. `send` writes one event unless the stream has ended.
   */
  start(
    req: IncomingMessage,
    res: ServerResponse,
    heartbeatMs: number,
    follow: (send: (event: string) => void) => () => void,
  ): (event: string) => void {
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write('retry: 2000\n\n');
    this.add(res);
    const send = (event: string): void => void (res.writableEnded || res.write(event));
    const stop = follow(send);
    const heartbeat = setInterval(() => send(': heartbeat\n\n'), heartbeatMs);
    // The browser leaving, or the stream ended here (shutdown, a session that no longer hears it).
    let done = false;
    const end = (): void => {
      if (done) return;
      done = true;
      clearInterval(heartbeat);
      stop();
    };
    req.on('close', end);
    res.once('close', end);
    return send;
  }

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

/**
 * Ends a stream opened with a session once that session no longer lets its person hear it: on each announcement that
 * someone's sessions or roles changed (deactivated, signed out everywhere, a session ended, a role taken away: on
 * every instance, on PostgreSQL), `allowed` asks again, and a refused stream ends with a retry hint (the browser's
 * reconnection then meets the refusal, or, on a public stream, no session).
 */
export function endWhenRefused(
  req: IncomingMessage,
  res: ServerResponse,
  sessions: Broker,
  allowed: () => Promise<boolean>,
): void {
  const stop = sessions.subscribe(() => {
    if (res.writableEnded) return;
    void allowed()
      .then((ok) => void (ok || res.writableEnded || res.end(`retry: ${RECONNECT_MS}\n\n`)))
      .catch(() => undefined);
  });
  req.on('close', stop);
  res.once('close', stop);
}
