import type { StoredUser, User } from '../../domain/users';

const KEY = 'console.user';

/** The part of a user record the browser keeps; never a token. */
export function toStoredUser(u: User | StoredUser): StoredUser {
  const { firstName, lastName, email, uid, active, isAdmin, isEditor } = u;
  return { firstName, lastName, email, uid, active, isAdmin, isEditor };
}

/** Keeps the signed-in record: local storage for editors only, session storage for everyone else. */
export function storeUser(u: User | StoredUser): StoredUser {
  const record = toStoredUser(u);
  const [keep, drop] = record.isEditor ? [local(), session()] : [session(), local()];
  safely(() => drop?.removeItem(KEY));
  safely(() => keep?.setItem(KEY, JSON.stringify(record)));
  return record;
}

/** The stored record of the signed-in user, or null. */
export function readStoredUser(): StoredUser | null {
  for (const storage of [session(), local()]) {
    const raw = safely(() => storage?.getItem(KEY)) ?? null;
    const parsed = raw ? parse(raw) : null;
    if (parsed) return parsed;
  }
  return null;
}

/** Forgets the signed-in record in both storages. */
export function clearStoredUser(): void {
  safely(() => local()?.removeItem(KEY));
  safely(() => session()?.removeItem(KEY));
}

function parse(raw: string): StoredUser | null {
  try {
    const v: unknown = JSON.parse(raw);
    if (!v || typeof v !== 'object') return null;
    const r = v as Record<string, unknown>;
    const strings = ['firstName', 'lastName', 'email', 'uid'].every((k) => typeof r[k] === 'string');
    const flags = ['active', 'isAdmin', 'isEditor'].every((k) => typeof r[k] === 'boolean');
    return strings && flags ? toStoredUser(v as StoredUser) : null;
  } catch {
    return null;
  }
}

// Storage can be missing or throw (private modes, blocked cookies); the cookie stays the truth anyway.
function local(): Storage | undefined {
  return safely(() => window.localStorage);
}
function session(): Storage | undefined {
  return safely(() => window.sessionStorage);
}
function safely<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
