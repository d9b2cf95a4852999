import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A committed change, as core announces it: which record, its new version where it has one, and who made it. */
export type Change =
  | { kind: 'appStatus'; id: 'app'; active: boolean; actor: string | null }
  | { kind: 'user'; id: string; actor: string | null; created?: true; deactivated?: true; flags?: true; names?: true }
  | { kind: 'product'; id: string; version: number; actor: string | null; created?: true }
  | { kind: 'language'; id: string; version: number; actor: string | null }
  | { kind: 'record'; resource: string; id: string; version: number; actor: string | null; created?: true };

/**
 * Hears committed changes, in the order they were made: one, or every change of one transaction (a CSV import's
 * rows), so a listener can handle a batch in one go. What it does (publish, end sessions, queue webhooks) is its own
 * affair.
 */
export type ChangeListener = (changes: readonly Change[]) => Promise<void> | void;

// Keyed by the database handle core functions already take, so no signature carries the listeners: whoever made the
// change (a route, the CLI, a job) is heard alike (PocketBase binds its realtime feed to after-commit hooks this way).
const listeners = new WeakMap<object, ChangeListener[]>();

/** Lets `listener` hear every change committed through `db`; returns a function that stops it. */
export function onChange(db: Kysely<Database>, listener: ChangeListener): () => void {
  const list = listeners.get(db) ?? [];
  listeners.set(db, [...list, listener]);
  return () =>
    listeners.set(
      db,
      (listeners.get(db) ?? []).filter((l) => l !== listener),
    );
}

/**
 * Announces every change of one committed transaction at once (a 10,000-row import is one announcement, not 10,000).
 * Only commit() (core/commit.ts) calls it, after the commit, never inside a transaction.
 */
export async function changedAll(db: Kysely<Database>, changes: readonly Change[]): Promise<void> {
  if (changes.length === 0) return;
  for (const listener of listeners.get(db) ?? []) await listener(changes);
}
