// Which back end the browser build talks to (read by vite.config.ts at build time). See docs/firebase.md.
import { existsSync, readFileSync } from 'node:fs';

/** The web app config a Firebase build needs, by the variable that gives each value. */
export const FIREBASE_VARIABLES = {
  apiKey: 'FIREBASE_API_KEY',
  authDomain: 'FIREBASE_AUTH_DOMAIN',
  projectId: 'FIREBASE_PROJECT_ID',
  storageBucket: 'FIREBASE_STORAGE_BUCKET',
  appId: 'FIREBASE_APP_ID',
} as const;

export type FirebaseWebConfig = { [K in keyof typeof FIREBASE_VARIABLES]: string };

/** The emulators a build talks to instead of Google's services (FIREBASE_EMULATORS), each as `host:port`. */
export interface FirebaseEmulators {
  auth?: string;
  firestore?: string;
  storage?: string;
}

export type Backend =
  | { kind: 'local' }
  | { kind: 'firebase'; config: FirebaseWebConfig; statusDoc: string; emulators: FirebaseEmulators | null };

const EMULATOR_NAMES = ['auth', 'firestore', 'storage'] as const;

/**
 * FIREBASE_EMULATORS, e.g. `auth=127.0.0.1:9099,firestore=127.0.0.1:8080,storage=127.0.0.1:9199` (any of the three):
 * the Firebase convention of pointing a web app at the Local Emulator Suite. Empty or unset: null (Google's services).
 */
export function parseEmulators(text: string | undefined): FirebaseEmulators | null {
  const entries = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  const out: FirebaseEmulators = {};
  for (const entry of entries) {
    const m = /^([a-z]+)=([A-Za-z0-9.-]+|\[[0-9a-fA-F:]+\]):([0-9]{1,5})$/.exec(entry);
    const name = EMULATOR_NAMES.find((n) => n === m?.[1]);
    if (!m || !name || Number(m[3]) < 1 || Number(m[3]) > 65535)
      throw new Error(
        `FIREBASE_EMULATORS: ${JSON.stringify(entry)} is not name=host:port (names: ${EMULATOR_NAMES.join(', ')})`,
      );
    if (out[name]) throw new Error(`FIREBASE_EMULATORS names ${name} twice`);
    out[name] = `${m[2]}:${m[3]}`;
  }
  return out;
}

/** Reads KEY=VALUE lines (# comments, optional quotes, `export ` allowed), as a .env file holds them. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const m = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*?)\s*$/.exec(raw);
    if (!m || raw.trim().startsWith('#')) continue;
    const [, key = '', value = ''] = m;
    out[key] = /^(['"]).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return out;
}

/**
 * The build's back end: CONSOLE_BACKEND (from the environment only, so a kept .env.firebase never turns a default
 * build into a Firebase one) is `local` (default) or `firebase`; then each FIREBASE_* from the environment, else from
 * `.env.firebase`. A missing or unknown value stops the build with one line naming it.
 */
export function backendOf(env: Record<string, string | undefined>, envFile: string | null): Backend {
  const kind = env.CONSOLE_BACKEND?.trim() || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 'firebase') throw new Error(`CONSOLE_BACKEND must be local or firebase, not ${JSON.stringify(kind)}`);
  const file = envFile === null ? {} : parseEnvFile(envFile);
  const value = (name: string): string => (env[name]?.trim() || file[name]?.trim()) ?? '';
  const missing = Object.values(FIREBASE_VARIABLES).filter((name) => !value(name));
  if (missing.length > 0)
    throw new Error(`CONSOLE_BACKEND=firebase needs ${missing.join(', ')} (environment or .env.firebase)`);
  const config = Object.fromEntries(
    Object.entries(FIREBASE_VARIABLES).map(([k, name]) => [k, value(name)]),
  ) as FirebaseWebConfig;
  const statusDoc = value('FIREBASE_STATUS_DOC') || 'status';
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(statusDoc))
    throw new Error('FIREBASE_STATUS_DOC must be a document id (letters, digits, _ and -)');
  return { kind, config, statusDoc, emulators: parseEmulators(value('FIREBASE_EMULATORS')) };
}

/** The back end of this build, from process.env and the .env.firebase file beside vite.config.ts (if any). */
export function backendOfBuild(root: URL): Backend {
  const file = new URL('.env.firebase', root);
  return backendOf(process.env, existsSync(file) ? readFileSync(file, 'utf8') : null);
}
