// `npm run firebase:local`: the Firebase build of the console against local emulators, seeded as a shop's project
// would look, served on this machine. No Google account, no network. See docs/firebase.md, 'Trying it locally'.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import type { Emulators } from '../tests/firebase/emulators';

const PROJECT = 'demo-linen';
// The inactive editor is refused at sign-in (spec 6, 'Inactive users cannot log in') until an admin sets Active.
const ACCOUNTS = [
  {
    email: 'admin@example.com',
    password: 'linen-admin-1',
    firstName: 'Ada',
    lastName: 'Admin',
    admin: true,
    active: true,
  },
  {
    email: 'editor@example.com',
    password: 'linen-editor-1',
    firstName: 'Eddie',
    lastName: 'Editor',
    admin: false,
    active: true,
  },
  {
    email: 'inactive@example.com',
    password: 'linen-inactive-1',
    firstName: 'Ines',
    lastName: 'Inactive',
    admin: false,
    active: false,
  },
] as const;
const PRODUCTS = 30;
const root = new URL('../', import.meta.url).pathname;

const step = (text: string): void => {
  if (!process.env.FIREBASE_LOCAL_QUIET) console.log(`firebase:local: ${text}`);
};

/** The emulator tooling lives in tests/firebase (installed once, from the npm cache when it can). */
function ensureTooling(): void {
  const done = spawnSync(process.execPath, [join(root, 'tests/firebase/ensure.mjs')], { stdio: 'inherit' });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

/** Where the mails the Auth emulator holds instead of sending (reset, and Add User's invitation) are listed. */
export const MAILS_PATH = '/emulator-mails';

export interface LocalFirebase {
  /** The console's address. */
  address: string;
  emulators: Emulators;
  /** The seeded accounts. */
  accounts: typeof ACCOUNTS;
  stop: () => Promise<void>;
}

/**
 * Starts the emulators and seeds them while the console is built against their addresses (bound first, so the build
 * need not wait for them), then serves it on `port` (0: a free one).
 */
export async function startLocalFirebase(port: number): Promise<LocalFirebase> {
  ensureTooling();
  const { bindEmulatorSockets, emulatorHosts, startEmulators } = await import('../tests/firebase/emulators');
  const sockets = await bindEmulatorSockets();
  const hosts = emulatorHosts(sockets);
  const config = {
    apiKey: 'demo-key',
    authDomain: `${PROJECT}.firebaseapp.com`,
    projectId: PROJECT,
    storageBucket: `${PROJECT}.appspot.com`,
    appId: '1:1:web:local',
  };
  const out = mkdtempSync(join(tmpdir(), 'linen-firebase-local-'));
  step('building the Firebase console against the emulators while they start…');
  const build = buildConsole(out, config, `auth=${hosts.auth},firestore=${hosts.firestore},storage=${hosts.storage}`);
  let emulators: Emulators | null = null;
  try {
    emulators = await startEmulators(PROJECT, sockets);
    step(
      `emulators up: Auth ${emulators.authHost}, Firestore 127.0.0.1:${emulators.frontPort} (browser) and ` +
        `127.0.0.1:${emulators.firestorePort} (gRPC), Storage ${emulators.storageHost}`,
    );
    await seed(emulators, config);
    await build.done;
  } catch (err) {
    build.stop();
    if (emulators) await emulators.stop();
    else for (const s of Object.values(sockets)) s.close();
    rmSync(out, { recursive: true, force: true });
    throw err;
  }
  const up = emulators;
  const server = serve(out, up.authHost);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    address: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    emulators: up,
    accounts: ACCOUNTS,
    stop: async () => {
      server.closeAllConnections();
      server.close();
      await up.stop();
      rmSync(out, { recursive: true, force: true });
    },
  };
}

/** `vite build` of the Firebase console into `out`, against the emulators at `emulators` (FIREBASE_EMULATORS). */
function buildConsole(
  out: string,
  config: Record<'apiKey' | 'authDomain' | 'projectId' | 'storageBucket' | 'appId', string>,
  emulators: string,
): { done: Promise<void>; stop: () => void } {
  const child = spawn(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
      env: {
        ...process.env,
        CONSOLE_BACKEND: 'firebase',
        FIREBASE_API_KEY: config.apiKey,
        FIREBASE_AUTH_DOMAIN: config.authDomain,
        FIREBASE_PROJECT_ID: config.projectId,
        FIREBASE_STORAGE_BUCKET: config.storageBucket,
        FIREBASE_APP_ID: config.appId,
        FIREBASE_STATUS_DOC: 'status',
        FIREBASE_EMULATORS: emulators,
      },
    },
  );
  const done = new Promise<void>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`the build failed (${code ?? signal})`)),
    );
  });
  // Awaited only after the seed: a failure meanwhile is not an unhandled rejection.
  done.catch(() => undefined);
  return { done, stop: () => child.exitCode === null && child.kill() };
}

async function main(): Promise<void> {
  const local = await startLocalFirebase(Number(process.env.PORT ?? 0));
  console.log(`\nThe Firebase console (local emulators, project ${PROJECT}): ${local.address}\n`);
  for (const a of ACCOUNTS)
    console.log(
      `  ${a.admin ? 'admin ' : 'editor'}  ${a.email}  ${a.password}${a.active ? '' : '  (inactive: refused)'}`,
    );
  // The Auth emulator sends no mail: a reset or an invitation waits there, listed with links to the console's page.
  console.log(`\nReset and invitation mails are not sent: open ${local.address}${MAILS_PATH} for their links.`);
  console.log('\nEverything lives in memory: Ctrl+C stops it and forgets it.');
  const stop = async (): Promise<void> => {
    await local.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}

/** Auth accounts with users/{uid}, the demo catalogue with its images in Storage, both languages, app/status on. */
async function seed(
  emulators: { authHost: string; firestorePort: number; storageHost: string },
  config: Record<'apiKey' | 'authDomain' | 'projectId' | 'storageBucket' | 'appId', string>,
): Promise<void> {
  const { initializeApp, deleteApp } = await import('firebase/app');
  const { connectAuthEmulator, getAuth, signOut } = await import('firebase/auth');
  const { connectFirestoreEmulator, doc, getFirestore, serverTimestamp, setDoc, terminate } =
    await import('firebase/firestore');
  const { connectStorageEmulator, getStorage } = await import('firebase/storage');
  const { createFirebaseProviders } = await import('../providers/firebase');
  const { demoProduct } = await import('../server/core/demo');
  const { starterTexts } = await import('../server/core/languages');
  const app = initializeApp(config, 'seed');
  connectAuthEmulator(getAuth(app), `http://${emulators.authHost}`, { disableWarnings: true });
  const db = getFirestore(app);
  connectFirestoreEmulator(db, '127.0.0.1', emulators.firestorePort);
  const [storageHost, storagePort] = emulators.storageHost.split(':');
  connectStorageEmulator(getStorage(app), storageHost!, Number(storagePort));
  const uids: string[] = [];
  for (const a of ACCOUNTS) {
    const res = await fetch(
      `http://${emulators.authHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-key`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        // The account's display name is first and last name joined, as Register sets it (spec 3).
        body: JSON.stringify({
          email: a.email,
          password: a.password,
          displayName: `${a.firstName} ${a.lastName}`,
          returnSecureToken: true,
        }),
      },
    );
    const { localId } = (await res.json()) as { localId: string };
    uids.push(localId);
    await setDoc(doc(db, 'users', localId), {
      firstName: a.firstName,
      lastName: a.lastName,
      email: a.email,
      uid: localId,
      created: serverTimestamp(),
      userType: a.admin ? 'admin' : 'editor',
      active: a.active,
      isAdmin: a.admin,
      // The admin edits too, so one account shows every screen; the editor sees no Users, Activity or Webhooks.
      isEditor: true,
    });
  }
  await setDoc(doc(db, 'languages', 'en'), starterTexts.en);
  await setDoc(doc(db, 'languages', 'se'), starterTexts.se);
  await setDoc(doc(db, 'app', 'status'), { active: true });
  // The products as the console itself writes them: through the provider set, signed in as the admin, images
  // uploaded to Storage under Uploads/ as Add Product does.
  const { authProvider, dataProvider } = createFirebaseProviders({ app });
  await authProvider.login({ email: ACCOUNTS[0].email, password: ACCOUNTS[0].password });
  for (let i = 0; i < PRODUCTS; i++) {
    const { fields, images } = demoProduct(i);
    const addresses: string[] = [];
    for (const image of images) {
      const file = new File([new Uint8Array(await image.make())], image.name, {
        type: image.png ? 'image/png' : 'image/jpeg',
      });
      const handle = await dataProvider.uploadImage(file);
      addresses.push((await handle.done).address);
    }
    await dataProvider.create('products', { data: { ...fields, images: addresses } });
  }
  step(`seeded ${ACCOUNTS.length} accounts, ${PRODUCTS} products with images, languages en and se, app/status active`);
  await signOut(getAuth(app));
  await terminate(db);
  await deleteApp(app);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

const escape = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * MAILS_PATH: the mails the Auth emulator holds (its oobCodes list), newest last, each a link to the console's own
 * /reset-password with the mail's oobCode, as the action URL of a real project's template leads there (README step 4).
 */
async function mails(authHost: string, res: import('node:http').ServerResponse): Promise<void> {
  const listed = await fetch(`http://${authHost}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes = [] } = (await listed.json()) as {
    oobCodes?: { email: string; requestType: string; oobCode: string }[];
  };
  const rows = oobCodes.map((c) => {
    const link = `/reset-password?mode=resetPassword&oobCode=${encodeURIComponent(c.oobCode)}`;
    return `<li>${escape(c.email)} (${escape(c.requestType)}): <a href="${escape(link)}">${escape(link)}</a></li>`;
  });
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(
    '<!doctype html><meta charset="utf-8"><title>Mails held by the Auth emulator</title>' +
      '<h1>Mails held by the Auth emulator</h1>' +
      (rows.length > 0 ? `<ol>${rows.join('')}</ol>` : '<p>None yet.</p>'),
  );
}

/**
 * The built files, and index.html for every other address (the app's own routes), as Hosting serves them; MAILS_PATH
 * lists the mails the Auth emulator at `authHost` holds.
 */
function serve(dir: string, authHost: string) {
  return createServer((req, res) => {
    if (req.url === MAILS_PATH) {
      void mails(authHost, res).catch((err: unknown) => {
        res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end(`The Auth emulator did not answer: ${String(err)}`);
      });
      return;
    }
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://local').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    let file = join(dir, path);
    if (!file.startsWith(dir) || !statSync(file, { throwIfNoEntry: false })?.isFile()) file = join(dir, 'index.html');
    res.writeHead(200, {
      'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-cache',
    });
    res.end(readFileSync(file));
  });
}

// Run as `npm run firebase:local`; imported by the e2e walk's server (tests/e2e-firebase/serve.ts).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  void main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
