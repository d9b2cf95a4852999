import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** A committed change, as core announces it: which record, its new version where it has one, and who made it. */
export type Change =
  | { kind: 'appStatus'; id: 'app'; active: boolean; actor: string | null }
  | { kind: 'user'; id: string; actor: string | null; created?: true; deactivated?: true; flags?: true; names?: true }
  | { kind: 'product'; id: string; version: number; actor: string | null; created?: true }
  | { kind: 'language'; id: string; version: number; actor: string | null }
  | { kind: 'record'; resource: string; id: string; version: number; actor: string | null; created?: true };

/** Hears committed changes; what it does (publish, end sessions, record history) is its own affair. */
export type ChangeListener = (change: Change) => Promise<void> | void;

// Keyed by the database handle core functions already take, so no signature carries the listeners: whoever made the
// change (a route, the CLI, a job) is heard alike (PocketBase binds its realtime feed to after-commit hooks this way).
const listeners = new WeakMap<object, ChangeListener[]>();

/** Lets `listener` hear every change committed through `db`; returns a function that stops it. */
export function onChange(db: Kysely<Database>, listener: ChangeListener): () => void {
  const list = listeners.get(db) ?? [];
  listeners.set(db, [...list, listener]);
  return () => listeners.set(db, (listeners.get(db) ?? []).filter((l) => l !== listener));
}

/** Announces a change; core calls it after the change has committed, never inside a transaction. */
export async function changed(db: Kysely<Database>, change: Change): Promise<void> {
  for (const listener of listeners.get(db) ?? []) await listener(change);
}
