import { setMaxListeners } from 'node:events';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { claimDue, recordTry, releaseClaims, type Claimed, type Outcome } from '../core/webhookOutbox.js';
import { DEFAULT_RETRY, type RetryPolicy } from '../core/deliveryRetry.js';
import { postJson } from '../lib/post.js';
import { signatureHeader } from '../lib/signature.js';

/** How the dispatcher works; tests shorten the waits. */
export interface DispatcherOptions {
  retry?: RetryPolicy;
  /** How often the outbox is read for due rows (rows another instance or the CLI wrote, and retries); default 5 s. */
  pollMs?: number;
  /** How long one POST may take; default 10 s. */
  timeoutMs?: number;
  /** Deliver to loopback and private addresses (WEBHOOK_ALLOW_PRIVATE). */
  allowPrivate: boolean;
  log: { warn(obj: object, msg: string): void };
}

export interface Dispatcher {
  /** Looks at the outbox now (a change was just queued here). */
  wake(): void;
  /**
   * Stops claiming; sends under way get `graceMs` (default: their own timeout) to finish and be recorded; those still
   * running then are cut and their rows released at once, for another instance to send (none is recorded as a try).
   */
  stop(graceMs?: number): Promise<void>;
}

const BATCH = 20;

/** One try of one delivery: a signed POST of its stored body; the receiver's status or why there was none. */
async function send(c: Claimed, opts: DispatcherOptions, signal: AbortSignal): Promise<Outcome> {
  const t = Math.floor(Date.now() / 1000);
  try {
    const status = await postJson(
      c.url,
      c.body,
      { 'Console-Signature': signatureHeader(c.secret, c.body, t), 'User-Agent': 'linen-console-webhooks' },
      {
        timeoutMs: opts.timeoutMs ?? 10_000,
        allowPrivate: opts.allowPrivate,
        signal,
      },
    );
    return { status };
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) };
  }
}

/** Delivers the outbox: at once when woken, and every pollMs for retries and rows written elsewhere. */
export function startDispatcher(db: Kysely<Database>, opts: DispatcherOptions): Dispatcher {
  const retry = opts.retry ?? DEFAULT_RETRY;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  // Cut on shutdown: the sends under way end, and what they held is released rather than recorded.
  const cut = new AbortController();
  // Every send of a batch listens to it at once (BATCH of them, above Node's default of 10, which it warns past).
  setMaxListeners(BATCH, cut.signal);
  const held = new Set<string>();

  const drain = async (): Promise<void> => {
    for (;;) {
      again = false;
      // The lease outlasts a send's timeout, so a slow receiver is never sent the same row twice meanwhile.
      const batch = await claimDue(db, BATCH, timeoutMs * 3);
      const claim = batch[0]?.claim;
      if (claim) held.add(claim);
      await Promise.all(
        batch.map(async (c) => {
          const outcome = await send(c, opts, cut.signal);
          if (!cut.signal.aborted) await recordTry(db, c, outcome, retry);
        }),
      );
      if (claim && !cut.signal.aborted) held.delete(claim);
      if (stopped || (batch.length < BATCH && !again)) return;
    }
  };
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = drain()
      .catch((err: unknown) => opts.log.warn({ err }, 'webhook delivery failed'))
      .finally(() => {
        running = null;
        if (again) kick();
      });
  };
  const timer = setInterval(kick, opts.pollMs ?? 5000);
  timer.unref();
  kick();
  return {
    wake: kick,
    async stop(graceMs) {
      stopped = true;
      clearInterval(timer);
      if (running && graceMs !== undefined) {
        let late: NodeJS.Timeout | undefined;
        await Promise.race([running, new Promise((resolve) => (late = setTimeout(resolve, graceMs)))]);
        clearTimeout(late);
        cut.abort();
      }
      await running;
      // Rows claimed but not recorded (their sends were cut): due again now, not when the lease runs out.
      if (held.size > 0) {
        await releaseClaims(db, [...held]).catch((err: unknown) =>
          opts.log.warn({ err }, 'could not release webhook deliveries'),
        );
        held.clear();
      }
    },
  };
}
