import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type SQLite from 'better-sqlite3';
import { listen } from './listen.js';

/**
 * What a change makes stale: the product answers (list and items), the texts answers, or a described resource's
 * (`record:<name>`, server/routes/describedFeed.ts).
 */
export type FeedPart = 'products' | 'texts' | `record:${string}`;

/** A kept answer: its bytes as sent (encoded once, so a request only writes them) and their strong ETag. */
export interface FeedEntry {
  body: Buffer;
  etag: string;
}

/** Where the drops of other instances come from, and where this one's go (PostgreSQL, or nothing on one instance). */
export interface FeedPeers {
  /** Tells every other instance to drop `parts`; resolves once each has said it did (or the wait's bound passed). */
  broadcast(parts: readonly FeedPart[]): Promise<void>;
  /** False while this instance may have missed a drop (its listening connection is down, or it has just started). */
  readonly trusted: boolean;
  /** How many other instances a drop waits for now. */
  readonly waitsFor: number;
  close(): Promise<void>;
}

/**
 * Past this many bytes of kept answers the least recently used go: a list walked by cursor keeps one answer per page,
 * and a shop's whole feed in two languages is a few megabytes, so memory stays bounded without a setting.
 */
const MAX_BYTES = 32 * 1024 * 1024;

/**
 * The storefront's answers kept in memory, per route, query and language (server/routes/storefront.ts), so a public
 * read and a matching If-None-Match are answered without the database. A change drops what it makes stale, here and,
 * through `peers`, on every other instance before the change is acknowledged (docs/decisions.md, "The feed from
 * memory").
 */
export class FeedCache {
  private readonly kept = new Map<string, FeedEntry & { part: FeedPart }>();
  private readonly generations = new Map<FeedPart, number>();
  private peers: FeedPeers | null = null;
  private bytes = 0;

  constructor(private readonly maxBytes = MAX_BYTES) {}

  /** Connects the instances (PostgreSQL) or the watch of other processes (SQLite). */
  attach(peers: FeedPeers): void {
    this.peers = peers;
  }

  /** The generation an answer is read at: an answer read before a drop of its part is never kept after it. */
  generation(part: FeedPart): number {
    // Known from its first read on, so dropping everything bumps it too (dropAllLocal).
    const n = this.generations.get(part);
    if (n !== undefined) return n;
    this.generations.set(part, 0);
    return 0;
  }

  get(key: string): FeedEntry | undefined {
    if (!this.trusted) return undefined;
    const entry = this.kept.get(key);
    if (entry) {
      // Most recently used last, so the bound drops the answers nobody asks for.
      this.kept.delete(key);
      this.kept.set(key, entry);
    }
    return entry;
  }

  /** Keeps an answer read at `generation`, unless its part was dropped meanwhile. */
  set(key: string, part: FeedPart, generation: number, entry: FeedEntry): void {
    if (generation !== this.generation(part) || !this.trusted) return;
    this.remove(key);
    this.kept.set(key, { ...entry, part });
    this.bytes += entry.body.length;
    for (const oldest of this.kept.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  private remove(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    this.bytes -= entry.body.length;
  }

  /** Drops this instance's answers of `parts` (a drop heard from another instance, or from another process). */
  dropLocal(parts: readonly FeedPart[]): void {
    for (const part of parts) this.generations.set(part, this.generation(part) + 1);
    for (const [key, entry] of this.kept) if (parts.includes(entry.part)) this.remove(key);
  }

  /** Drops every answer kept here (a change this process cannot name: another process wrote the file). */
  dropAllLocal(): void {
    this.dropLocal([...this.generations.keys()]);
    this.kept.clear();
    this.bytes = 0;
  }

  /** Drops `parts` here and on every other instance; the change is acknowledged to its editor after this resolves. */
  async drop(parts: readonly FeedPart[]): Promise<void> {
    if (parts.length === 0) return;
    this.dropLocal(parts);
    await this.peers?.broadcast(parts);
  }

  /** Whether answers are served and kept now (false while an instance may have missed another's drop). */
  get trusted(): boolean {
    return this.peers?.trusted ?? true;
  }

  get size(): number {
    return this.kept.size;
  }

  /** How many other instances a drop made here waits for now (0 on one instance). */
  get waitsFor(): number {
    return this.peers?.waitsFor ?? 0;
  }

  async close(): Promise<void> {
    this.kept.clear();
    this.bytes = 0;
    await this.peers?.close();
  }
}

const CHANNEL = 'feed_cache';

/**
 * `client`: sent by a one-off command (the CLI), which drops like an instance but keeps no answers: nobody waits for
 * it. `bye`: the sender is leaving (it stops, or the command is done), so nobody waits for it any more.
 */
type Message = (
  | /** `every`: how often the sender says it is alive (instances may be configured differently). */
    { t: 'hello' | 'alive'; id: string; every: number }
  | { t: 'drop'; id: string; n: string; parts: FeedPart[] }
  | { t: 'ack'; id: string; n: string; to: string }
  | { t: 'bye'; id: string }
) & { client?: true };

export interface PeerTiming {
  /**
   * False for a one-off command (the CLI): it drops what its changes make stale on every instance and waits for them,
   * but keeps no answers, so no instance waits for it. Default true.
   */
  peer?: boolean;
  /** How often an instance says it is alive; peers not heard for three of these are forgotten. */
  aliveMs: number;
  /** How long a change waits for the other instances to drop; past it the change is acknowledged anyway, and logged. */
  ackMs: number;
}

/** Said alive every 5 s; a drop waits at most 2 s for the others. */
export const PEER_TIMING: PeerTiming = { aliveMs: 5_000, ackMs: 2_000 };

/**
 * Instances on one PostgreSQL database, in touch through LISTEN/NOTIFY. Each says it is alive every few seconds, so
 * each knows the others; a change's drop waits until every instance known alive has answered that it dropped, so no
 * instance serves an answer the change made stale once its editor has been told it is saved. An instance whose
 * listening connection is down, that started less than one alive period ago (others may not know it yet), or that
 * has not heard its own last message come back (its event loop stalled, so drops may wait unread), serves nothing
 * from memory and keeps nothing; after a reconnect it starts with nothing kept. An instance that stops says so
 * (`bye`), and is waited for no more at once; one that does not answer a drop in time (it crashed) is forgotten until
 * it is heard again, so it holds up one change, not every change until it would be forgotten.
 */
export async function pgFeedPeers(
  pool: pg.Pool,
  cache: FeedCache,
  log: { warn(obj: object, msg: string): void },
  timing: PeerTiming = PEER_TIMING,
): Promise<FeedPeers> {
  const self = randomUUID();
  const client = timing.peer === false;
  /** Each other instance known alive: when it was last heard, and how often it says it is alive. */
  const peers = new Map<string, { at: number; every: number }>();
  /**
   * Instances that said `bye`. A message of theirs heard after it (an ack sent on one pooled connection just before
   * the bye went on another commits after it) must not make them known again: every save would then wait its full
   * bound for an instance that is gone. Ids are new at each start, so one that left is never heard for real again.
   */
  const gone = new Set<string>();
  const waiting = new Map<string, { left: Set<string>; done: () => void }>();
  let connected = false;
  let trustedFrom = Date.now() + timing.aliveMs;
  let lastOwn = 0;

  const send = (m: Message): Promise<unknown> =>
    pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(client ? { ...m, client: true } : m)]);
  /** Waited for no more: it left, or it did not answer in time. */
  const forget = (id: string): void => {
    peers.delete(id);
    for (const w of waiting.values()) {
      w.left.delete(id);
      if (w.left.size === 0) w.done();
    }
  };
  const heard = (m: Message): void => {
    if (m.id === self) {
      // Notifications arrive in commit order: hearing our own means every drop committed before it was heard too.
      if (m.t === 'hello' || m.t === 'alive') lastOwn = Date.now();
      return;
    }
    if (m.t === 'bye') {
      gone.add(m.id);
      return forget(m.id);
    }
    if (!m.client && !gone.has(m.id)) {
      const known = peers.get(m.id);
      peers.set(m.id, {
        at: Date.now(),
        every: m.t === 'hello' || m.t === 'alive' ? m.every : (known?.every ?? timing.aliveMs),
      });
    }
    if (m.t === 'hello') void send({ t: 'alive', id: self, every: timing.aliveMs }).catch(() => undefined);
    if (m.t === 'drop') {
      cache.dropLocal(m.parts);
      void send({ t: 'ack', id: self, n: m.n, to: m.id }).catch((err: unknown) =>
        log.warn({ err }, 'could not confirm a feed cache drop'),
      );
    }
    if (m.t === 'ack' && m.to === self) {
      const w = waiting.get(m.n);
      w?.left.delete(m.id);
      if (w && w.left.size === 0) w.done();
    }
  };

  const listening = await listen(pool, CHANNEL, {
    notify(payload) {
      if (!payload) return;
      try {
        heard(JSON.parse(payload) as Message);
      } catch {
        // Not one of ours: ignored.
      }
    },
    async up() {
      // Whatever was kept may have missed drops while the connection was down.
      cache.dropAllLocal();
      connected = true;
      trustedFrom = Date.now() + timing.aliveMs;
      await send({ t: 'hello', id: self, every: timing.aliveMs });
    },
    lost(err) {
      connected = false;
      log.warn({ err }, 'feed cache: listening connection lost; answering from the database until it is back');
    },
    retryFailed: (err) => log.warn({ err }, 'feed cache: reconnect failed'),
  });

  const alive = setInterval(() => {
    // Forgotten after three of its own periods unheard; it stops trusting its memory after two (see `trusted`), so an
    // instance is never forgotten while it may still serve from memory.
    const now = Date.now();
    for (const [id, p] of peers) if (now - p.at > 3 * p.every) peers.delete(id);
    if (connected) void send({ t: 'alive', id: self, every: timing.aliveMs }).catch(() => undefined);
  }, timing.aliveMs);
  alive.unref();

  return {
    get trusted() {
      const now = Date.now();
      // A stalled event loop (no own message heard lately) may have drops waiting unread: the database answers.
      return connected && now >= trustedFrom && now - lastOwn < 2 * timing.aliveMs;
    },
    async broadcast(parts) {
      const n = randomUUID();
      const left = new Set(peers.keys());
      let timer: NodeJS.Timeout | undefined;
      const done = new Promise<void>((resolve) => {
        waiting.set(n, { left, done: resolve });
        timer = setTimeout(resolve, timing.ackMs);
      });
      try {
        await send({ t: 'drop', id: self, n, parts: [...parts] });
        if (left.size > 0) await done;
        if (left.size > 0) {
          // Gone without a word (a crash): forgotten now, and waited for again once heard from, so it holds up this
          // change only. One that is merely slow answers later and is known again from that answer.
          log.warn({ instances: [...left] }, 'feed cache: instances did not confirm a drop in time');
          for (const id of [...left]) peers.delete(id);
        }
      } finally {
        clearTimeout(timer);
        waiting.delete(n);
      }
    },
    get waitsFor() {
      return peers.size;
    },
    async close() {
      clearInterval(alive);
      for (const w of waiting.values()) w.done();
      // The others stop waiting for this one at once, rather than for each change until they forget it.
      if (connected) await send({ t: 'bye', id: self }).catch(() => undefined);
      connected = false;
      await listening.close();
    },
  };
}

/**
 * One SQLite file: changes made through this process drop what they make stale as they commit; a change made by
 * another process on the same file (the command line's demo data) is seen by SQLite's data_version, read every
 * `everyMs`, and drops everything, and `elsewhere` is told (the open streams ask again whether their sessions still
 * let them hear: the command line may have deactivated someone).
 */
export function sqliteFeedWatch(
  sqlite: SQLite.Database,
  cache: FeedCache,
  everyMs = 1000,
  elsewhere: () => void = () => undefined,
): FeedPeers {
  const version = (): number => sqlite.pragma('data_version', { simple: true }) as number;
  let last = version();
  const timer = setInterval(() => {
    const now = version();
    if (now !== last) {
      cache.dropAllLocal();
      elsewhere();
    }
    last = now;
  }, everyMs);
  timer.unref();
  return {
    trusted: true,
    waitsFor: 0,
    broadcast: async () => undefined,
    close: async () => clearInterval(timer),
  };
}
