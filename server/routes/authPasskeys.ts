import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { AccountEvents, Origin } from '../core/accountEvents.js';
import type { SignInGuard } from '../core/signin.js';
import type { User } from '../../domain/users.js';
import { findPasskey, ownerOfCredential, type PasskeyRow } from '../auth/passkeys.js';
import { PASSKEY_NAME_MAX } from '../../domain/account.js';
import { textAllowed } from '../../domain/text.js';
import { said } from '../../domain/translate.js';

/** The passkey sign-in ceremony: open without a session (routes/auth.ts adds them to its open routes). */
export const PASSKEY_OPEN = ['/passkey/generate-authenticate-options', '/passkey/verify-authentication'] as const;

/** Where a sign-in challenge is asked for: each counts against the address's ceiling (the sign-in guard). */
export const PASSKEY_CHALLENGE = '/passkey/generate-authenticate-options';

const SIGN_IN = '/passkey/verify-authentication';
const REGISTER = '/passkey/verify-registration';
const RENAME = '/passkey/update-passkey';
const REMOVE = '/passkey/delete-passkey';

interface Deps {
  db: Kysely<Database>;
  guard: SignInGuard;
  events: AccountEvents;
}

/** What a passkey call needs across the library's answer: the passkey it removes or renames, as it was. */
export interface PasskeyCall {
  before: PasskeyRow | null;
}

type Refusal = {
  status: number;
  body: { error: { code: string; message: string; details?: { path: string; message: string }[] } };
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The name a body gives a passkey, checked by the rule of every line of text the console takes; a refusal when it
 * breaks it.
 */
function nameRefusal(body: unknown, required: boolean): Refusal | null {
  const name = isObject(body) ? body.name : undefined;
  if (name === undefined && !required) return null;
  const bad = (message: string): Refusal => ({
    status: 400,
    body: { error: { code: 'validation', message: said('errors.validation'), details: [{ path: '/name', message }] } },
  });
  if (typeof name !== 'string') return bad(said('account.passkeys.nameRequired'));
  const trimmed = name.trim();
  if (required && trimmed.length === 0) return bad(said('account.passkeys.nameRequired'));
  if ([...trimmed].length > PASSKEY_NAME_MAX) return bad(said('account.passkeys.nameTooLong'));
  if (!textAllowed(trimmed, 'line')) return bad(said('errors.validation'));
  return null;
}

/**
 * Before the library sees a passkey call: names are checked by the console's text rule (the library takes any length),
 * and a removal or a rename remembers the passkey's name for its Activity entry. A refusal to send, or what the after
 * step needs.
 */
export async function beforePasskey(
  path: string,
  body: unknown,
  user: User | null,
  deps: Deps,
): Promise<Refusal | PasskeyCall> {
  if (path === REGISTER || path === RENAME) {
    const refusal = nameRefusal(body, path === RENAME);
    if (refusal) return refusal;
  }
  // The library would sign the caller in a second time, unrecorded: adding a passkey never makes a session here.
  if (path === REGISTER && isObject(body) && body.createSession === true) {
    return {
      status: 400,
      body: {
        error: {
          code: 'validation',
          message: said('errors.validation'),
          details: [{ path: '/createSession', message: said('errors.validation') }],
        },
      },
    };
  }
  if ((path === REMOVE || path === RENAME) && user && isObject(body) && typeof body.id === 'string') {
    const found = await findPasskey(deps.db, body.id);
    return { before: found && found.userId === user.uid ? found : null };
  }
  return { before: null };
}

/** How the console answers a refused passkey call: its words for the library's (English only), and a status. */
export interface PasskeyRefusal {
  message: string;
  /** In place of the library's: a registration answer that fails verification is the caller's fault (400), not 500. */
  status?: number;
}

function refusal(path: string, code: string | null): PasskeyRefusal | null {
  // A session older than a day adds no passkey (the library's fresh-session rule): the person signs in again first.
  if (code === 'SESSION_NOT_FRESH') return { message: said('account.passkeys.signInAgain') };
  if (path === SIGN_IN) return { message: said('signin.passkeyFailure') };
  if (path === REGISTER)
    return {
      message: said('account.passkeys.addFailed'),
      ...(code === 'FAILED_TO_VERIFY_REGISTRATION' ? { status: 400 } : {}),
    };
  if (code === 'PASSKEY_NOT_FOUND') return { message: said('account.passkeys.notFound') };
  return null;
}

/**
 * After the library answered a passkey call: the Activity entry (signed in with a passkey, a refused passkey sign-in,
 * a passkey added, renamed or removed) and, for a refusal, the console's message in place of the library's (null:
 * pass the library's answer on).
 */
export async function afterPasskey(
  path: string,
  call: PasskeyCall,
  res: { ok: boolean; text: string; code: string | null },
  ctx: { body: unknown; user: User | null; ip: string; from: Origin },
  deps: Deps,
): Promise<PasskeyRefusal | null> {
  if (path === SIGN_IN) {
    if (res.ok) {
      const uid = (JSON.parse(res.text) as { user?: { id?: string } }).user?.id;
      if (uid) await deps.events.signedIn(uid, ctx.from, 'passkey');
    } else {
      const response = isObject(ctx.body) && isObject(ctx.body.response) ? ctx.body.response : null;
      const credential = response && typeof response.id === 'string' ? response.id : null;
      await deps.guard.failed({ kind: 'passkey', ip: ctx.ip, email: null });
      await deps.events.passkeySignInFailed(credential ? await ownerOfCredential(deps.db, credential) : null, ctx.from);
    }
  }
  if (ctx.user && res.ok && path === REGISTER) {
    const name = (JSON.parse(res.text) as { name?: string | null }).name ?? null;
    await deps.events.passkeyChanged(ctx.user.uid, 'passkeyAdded', name, ctx.from);
  }
  if (ctx.user && res.ok && path === REMOVE && call.before) {
    await deps.events.passkeyChanged(ctx.user.uid, 'passkeyRemoved', call.before.name, ctx.from);
  }
  if (ctx.user && res.ok && path === RENAME && call.before) {
    const name = (JSON.parse(res.text) as { passkey?: { name?: string | null } }).passkey?.name ?? '';
    if (name !== (call.before.name ?? ''))
      await deps.events.passkeyRenamed(ctx.user.uid, call.before.name, name, ctx.from);
  }
  return res.ok ? null : refusal(path, res.code);
}
