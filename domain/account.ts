import { z } from 'zod';
import { searchText } from './text.js';

/** One of the signed-in person's sessions, as Account Settings → Sessions lists it (never its token). */
export const AccountSession = z.object({
  id: z.string(),
  /** 'Chrome 140', from the User-Agent at sign-in; null when it named none. */
  browser: z.string().nullable(),
  /** 'Windows 10'; null when the User-Agent named none. */
  system: z.string().nullable(),
  /** The client's address at sign-in (TRUST_PROXY decides whom to believe). */
  address: z.string().nullable(),
  signedIn: z.string(),
  /** When the session was last refreshed: it is written at most once an hour, so this is to the hour. */
  lastUsed: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;

export const AccountSessions = z.object({ items: z.array(AccountSession) });
export type AccountSessions = z.infer<typeof AccountSessions>;

/** A session's id in an address. */
export const SessionId = z.object({ id: searchText(64).min(1) });

/** How many sessions an action ended. */
export const EndedSessions = z.object({ ended: z.number().int() });

/** The sign-in and account events the Activity page shows (history kind 'account'), never with a secret in them. */
export const ACCOUNT_ACTIONS = [
  'signedIn',
  'signInFailed',
  'signInThrottled',
  'passwordChanged',
  'sessionsEnded',
  'secondFactorAdded',
  'secondFactorRemoved',
  'recoveryCodesRenewed',
  'passkeyAdded',
  'passkeyRemoved',
  'passkeyRenamed',
] as const;
export type AccountAction = (typeof ACCOUNT_ACTIONS)[number];

/** How a person signed in: a password alone, then an authenticator code or a recovery code, or a passkey alone. */
export const SIGNIN_METHODS = ['password', 'totp', 'recoveryCode', 'passkey'] as const;
export type SignInMethod = (typeof SIGNIN_METHODS)[number];

/** The longest name a passkey may have (My Account → Passkeys). */
export const PASSKEY_NAME_MAX = 60;

/** One of the signed-in person's passkeys, as Account Settings → Passkeys lists it (never its key or credential). */
export interface AccountPasskey {
  id: string;
  /** Its name; null when it was added without one. */
  name: string | null;
  /** When it was added (ISO 8601). */
  createdAt: string;
}
