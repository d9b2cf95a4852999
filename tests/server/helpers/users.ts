import { randomBytes } from 'node:crypto';
import { registerUser } from '../../../server/auth/register.js';
import { setFlags } from '../../../server/core/users.js';
import type { User } from '../../../domain/users.js';
import type { TestApp } from './app.js';
import { cookieHeader, sessionCookie, type ApiResult } from './http.js';

/** The kinds of caller the permission tables speak of. */
export type Kind = 'anonymous' | 'inactive' | 'noRole' | 'editor' | 'admin';
export const KINDS: Kind[] = ['anonymous', 'inactive', 'noRole', 'editor', 'admin'];

const FLAGS: Record<Exclude<Kind, 'anonymous'>, { isAdmin: boolean; isEditor: boolean }> = {
  inactive: { isAdmin: false, isEditor: false },
  noRole: { isAdmin: false, isEditor: false },
  editor: { isAdmin: false, isEditor: true },
  admin: { isAdmin: true, isEditor: true },
};

export interface TestUser extends User {
  password: string;
}

/** A unique address for a test user. */
export const uniqueEmail = (tag = 'user'): string => `${tag}-${randomBytes(4).toString('hex')}@test.local`;

/** Registers a user (the spec's Register, as the CLI and 'Add user' do) with the flags of a kind. */
export async function createUser(
  t: TestApp,
  kind: Exclude<Kind, 'anonymous'> = 'noRole',
  over: { email?: string; password?: string; firstName?: string; lastName?: string; active?: boolean } = {},
): Promise<TestUser> {
  const password = over.password ?? `pw ${randomBytes(6).toString('hex')}`;
  const user = await registerUser(t.services.auth, t.db, {
    email: over.email ?? uniqueEmail(kind),
    password,
    firstName: over.firstName ?? 'Test',
    lastName: over.lastName ?? kind,
    active: over.active ?? true,
    ...FLAGS[kind],
  });
  return { ...user, password };
}

/** POST /api/auth/sign-in/email as the browser sends it. */
export const signInRaw = (
  t: TestApp,
  email: string,
  password: string,
  headers?: Record<string, string>,
): Promise<ApiResult> => t.api('POST', '/api/auth/sign-in/email', { body: { email, password }, headers });

/** Signs in over HTTP and returns the Cookie header carrying the session; throws when refused. */
export async function signIn(t: TestApp, email: string, password: string): Promise<string> {
  const res = await signInRaw(t, email, password);
  if (res.status !== 200 || !sessionCookie(res.headers))
    throw new Error(`sign-in of ${email} answered ${res.status}: ${res.text}`);
  return cookieHeader(res.headers);
}

/**
 * A signed-in caller of a kind: its record and cookie (none for anonymous). 'inactive' signs in, then is deactivated.
 */
export async function callerOf(t: TestApp, kind: Kind): Promise<{ user: TestUser | null; cookie: string | undefined }> {
  if (kind === 'anonymous') return { user: null, cookie: undefined };
  const user = await createUser(t, kind);
  const cookie = await signIn(t, user.email, user.password);
  // The session stays in the database; the guard must refuse it because the record is inactive.
  if (kind === 'inactive') await setFlags(t.db, user.uid, { active: false });
  return { user, cookie };
}
