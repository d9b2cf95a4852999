import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, Timestamp } from 'firebase-admin/firestore';
import { getStorage } from 'firebase-admin/storage';
import { cli } from '../../../server/cli.js';
import { firebasePasswordOf } from '../../../server/auth/firebasePasswords.js';
import { makeImage } from '../../server/helpers/images.js';
import { loopbackOnly } from '../helpers/loopbackOnly.js';
import { dialects, outbox, signIn, signInRaw, startApp, type TestApp } from '../../server/helpers/index.js';
import { SAMPLE } from '../../fixtures/firebaseScrypt.js';

// `npm run cli -- import-firebase` against the Auth, Firestore and Storage emulators the global setup started
// (globalSetup.ts), into a real console on each database: a project of this file's own, seeded with firebase-admin as
// the original console's data would be (field names of providers/firebase), read back through the CLI in process.
//
// Passwords: the Auth emulator keeps a hash given to importUsers and lists it back (base64url) with its salt, as
// production's listUsers does for a project with these parameters; so the people who keep their password are imported
// into the emulator with the sample of Firebase's README (its hash of 'user1password'). A person made with a plain
// password gets the emulator's 'fakeHash:…', which no parameters can read: that one is invited instead.

const projectId = `demo-imp${randomUUID().slice(0, 6)}`;
const bucket = `${projectId}.appspot.com`;
const b64 = (s: string): Buffer => Buffer.from(s, 'base64');

const emulatorEnv = (): Record<string, string> => ({
  // No cloud metadata server is asked for credentials (server/firebaseImport/source.ts does the same for the CLI).
  METADATA_SERVER_DETECTION: 'none',
  FIREBASE_AUTH_EMULATOR_HOST: inject('authEmulatorHost'),
  FIRESTORE_EMULATOR_HOST: `127.0.0.1:${inject('firestoreEmulatorPort')}`,
  FIREBASE_STORAGE_EMULATOR_HOST: inject('storageEmulatorHost'),
});

const PEOPLE = {
  ada: {
    uid: 'fbAda0001',
    email: 'ada@shop.example',
    firstName: 'Ada',
    lastName: 'Lind',
    isAdmin: true,
    isEditor: true,
  },
  bo: { uid: 'fbBo00002', email: 'bo@shop.example', firstName: 'Bo', lastName: 'Ek', isAdmin: false, isEditor: true },
  cy: { uid: 'fbCy00003', email: 'cy@shop.example', firstName: 'Cy', lastName: 'Ås', isAdmin: false, isEditor: false },
} as const;
const CREATED = new Date('2023-04-05T06:07:08.000Z');

let admin: App;

/** A download address as the web SDK's getDownloadURL gives it for an object of the bucket. */
const downloadUrl = (path: string): string =>
  `http://${inject('storageEmulatorHost')}/v0/b/${bucket}/o/${encodeURIComponent(path)}?alt=media&token=${randomUUID()}`;

async function upload(path: string, data: Buffer, contentType: string): Promise<string> {
  await getStorage(admin).bucket(bucket).file(path).save(data, { contentType, resumable: false });
  return downloadUrl(path);
}

/** The variables this file sets, as they were, put back after it (a worker may run another file next). */
const envBefore: Record<string, string | undefined> = {};

beforeAll(async () => {
  loopbackOnly();
  const set = { ...emulatorEnv(), GOOGLE_CLOUD_PROJECT: projectId };
  for (const name of [...Object.keys(set), 'STORAGE_EMULATOR_HOST']) envBefore[name] = process.env[name];
  Object.assign(process.env, set);
  admin = initializeApp({ projectId, storageBucket: bucket }, `seed-${projectId}`);
  const auth = getAuth(admin);
  const hashed = [PEOPLE.ada, PEOPLE.bo].map((p) => ({
    uid: p.uid,
    email: p.email,
    displayName: `${p.firstName} ${p.lastName}`,
    passwordHash: b64(SAMPLE.hash),
    passwordSalt: b64(SAMPLE.salt),
  }));
  const imported = await auth.importUsers(hashed, {
    hash: {
      algorithm: 'SCRYPT',
      key: b64(SAMPLE.params.signerKey),
      saltSeparator: b64(SAMPLE.params.saltSeparator),
      rounds: SAMPLE.params.rounds,
      memoryCost: SAMPLE.params.memCost,
    },
  });
  expect(imported.failureCount).toBe(0);
  await auth.createUser({ uid: PEOPLE.cy.uid, email: PEOPLE.cy.email, password: 'a plain password' });
  // An account without a users/{uid} record: the original console refused its sign-in, so it is not staff.
  await auth.createUser({ uid: 'fbNoRecord', email: 'stray@shop.example', password: 'whatever 1' });
  const db = getFirestore(admin);
  for (const p of Object.values(PEOPLE)) {
    await db.doc(`users/${p.uid}`).set({
      ...p,
      userType: p.isAdmin ? 'admin' : p.isEditor ? 'editor' : 'staff',
      active: p.uid !== PEOPLE.cy.uid,
      created: Timestamp.fromDate(CREATED),
    });
  }
  const jpeg = await makeImage('jpeg', 6000);
  const png = await makeImage('png', 3000);
  const [a1, a2, b1, bad, c1] = await Promise.all([
    upload(`Uploads/${PEOPLE.ada.uid}_k1_front.jpg`, jpeg, 'image/jpeg'),
    upload(`Uploads/${PEOPLE.ada.uid}_k2_back.png`, png, 'image/png'),
    upload(`Uploads/${PEOPLE.bo.uid}_k3_towel.jpg`, jpeg, 'image/jpeg'),
    // Claims to be a JPEG; the bytes are text: the upload checks refuse it.
    upload(`Uploads/${PEOPLE.bo.uid}_k4_broken.jpg`, Buffer.from('not a picture at all'), 'image/jpeg'),
    upload(`Uploads/${PEOPLE.ada.uid}_k5_sheet.jpg`, jpeg, 'image/jpeg'),
  ]);
  const product = (sku: string, name: string, images: string[], extra: Record<string, unknown> = {}) => ({
    sku,
    name,
    details: `${name}, woven in Sweden.`,
    category: 'Linen',
    mc: 'Linen care',
    price: 249,
    active: true,
    images,
    primary: images[0],
    created: Timestamp.fromDate(CREATED),
    ...extra,
  });
  await db
    .doc('products/p-apron')
    .set(product('LN-100', 'Apron', [a1!, a2!], { translations: { se: { name: 'Förkläde' } } }));
  await db
    .doc('products/p-towel')
    .set(product('LN-200', 'Towel', [bad!, b1!], { active: false, category: 'Cotton', mc: 'Cotton care' }));
  await db.doc('products/p-sheet').set(product('LN-300', 'Sheet', [c1!], { price: '1299.50' }));
  await db.doc('languages/en').set({ title: 'Linen shop', welcome: 'Welcome', showBanner: true });
  await db.doc('languages/se').set({ title: 'Linnebutik', welcome: 'Välkommen', showBanner: false });
  await db.doc('app/status').set({ active: false });
});

afterAll(async () => {
  if (admin) {
    await getFirestore(admin).terminate();
    await deleteApp(admin);
  }
  for (const [name, value] of Object.entries(envBefore)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
});

describe.each(dialects())('import-firebase against the emulators (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ dialect });
  });
  afterAll(async () => t?.close());

  /** The CLI in this process, with the emulator variables, on the console's data. */
  async function run(...extra: string[]): Promise<{ code: number; out: string; err: string }> {
    const env: NodeJS.ProcessEnv = {
      ...emulatorEnv(),
      DATA_DIR: t.data.dataDir,
      PUBLIC_URL: t.publicUrl,
      LOG_LEVEL: 'silent',
    };
    if (t.data.databaseUrl) env.DATABASE_URL = t.data.databaseUrl;
    const out: string[] = [];
    const err: string[] = [];
    const code = await cli(['import-firebase', '--project', projectId, ...extra], env, {
      out: (l) => out.push(l),
      err: (l) => err.push(l),
    });
    return { code, out: out.join('\n'), err: err.join('\n') };
  }
  const hashOptions = [
    '--hash-key',
    SAMPLE.params.signerKey,
    '--salt-separator',
    SAMPLE.params.saltSeparator,
    '--rounds',
    String(SAMPLE.params.rounds),
    '--mem-cost',
    String(SAMPLE.params.memCost),
  ];

  /** Everything the import could touch, as rows. */
  async function snapshot(): Promise<unknown> {
    const rows = async (table: 'users' | 'products' | 'languages' | 'app_status' | 'files' | 'history') =>
      t.db.selectFrom(table).selectAll().execute();
    const sort = (xs: object[]) => xs.map((x) => JSON.stringify(x)).sort();
    return {
      users: sort(await rows('users')),
      products: sort(await rows('products')),
      languages: sort(await rows('languages')),
      status: sort(await rows('app_status')),
      files: sort(await rows('files')),
      history: (await rows('history')).length,
      passwords: (await t.db.selectFrom('firebase_passwords').selectAll().execute()).length,
      mail: outbox(t.data.dataDir).length,
    };
  }

  it('a dry run reports what would change and changes nothing', async () => {
    const before = await snapshot();
    const res = await run(...hashOptions, '--dry-run');
    expect(res.code, res.err).toBe(0);
    expect(res.err).toContain(
      'Staff: 4 read · 3 to add · 0 to change · 0 unchanged · 1 skipped · 2 passwords to keep · 1 to invite',
    );
    expect(res.err).toContain('Products: 3 read · 3 to add · 0 to change · 0 unchanged');
    expect(res.err).toContain('Languages: 2 read · 0 to add · 2 to change · 0 unchanged');
    expect(res.err).toContain('Status: to set off');
    expect(res.out).toMatch(/^Dry run done \(nothing written\)/);
    expect(await snapshot()).toEqual(before);
  });

  it('imports staff, products and images, texts and status; a refused image is reported, the rest kept', async () => {
    const res = await run(...hashOptions);
    expect(res.code, res.err).toBe(0);
    expect(res.err).toContain(
      'Staff: 4 read · 3 added · 0 changed · 0 unchanged · 1 skipped · 2 passwords kept · 1 invited',
    );
    expect(res.err).toContain('Staff stray@shop.example (uid fbNoRecord): no users/fbNoRecord record in Firestore');
    expect(res.err).toContain(
      'Products: 3 read · 3 added · 0 changed · 0 unchanged · images: 4 copied, 0 kept, 1 failed',
    );
    expect(res.err).toContain('Product LN-200 (products/p-towel): image "broken.jpg": ');
    expect(res.err).toContain('Languages: 2 read · 0 added · 2 changed · 0 unchanged');
    expect(res.err).toContain('Status: set off');

    // The same staff: uids, names, flags, created dates; Cy was inactive there and is here.
    const users = await t.db.selectFrom('users').selectAll().where('id', 'like', 'fb%').orderBy('id').execute();
    expect(
      users.map((u) => [u.id, u.email, u.first_name, u.last_name, Boolean(u.is_admin), Boolean(u.is_editor)]),
    ).toEqual([
      [PEOPLE.ada.uid, PEOPLE.ada.email, 'Ada', 'Lind', true, true],
      [PEOPLE.bo.uid, PEOPLE.bo.email, 'Bo', 'Ek', false, true],
      [PEOPLE.cy.uid, PEOPLE.cy.email, 'Cy', 'Ås', false, false],
    ]);
    expect(users.map((u) => [u.created, Boolean(u.active)])).toEqual([
      [CREATED.toISOString(), true],
      [CREATED.toISOString(), true],
      [CREATED.toISOString(), false],
    ]);
    // Cy's hash (the emulator's fakeHash) could not be read: the invitation mail, with a link to set a password.
    const mails = outbox(t.data.dataDir).filter((m) => m.to.includes(PEOPLE.cy.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain(`${t.publicUrl}/reset-password?token=`);
    expect(await firebasePasswordOf(t.db, PEOPLE.cy.uid)).toBeNull();
    expect(await firebasePasswordOf(t.db, PEOPLE.ada.uid)).not.toBeNull();

    // Products by their Firestore ids, fields as written there, images in our store.
    const apron = await t.api('GET', '/api/products/p-apron', {
      cookie: await signIn(t, 'admin@test.local', 'admin password 1'),
    });
    expect(apron.status).toBe(200);
    const body = apron.json as { sku: string; price: string; translations: unknown; images: string[]; created: string };
    expect(body).toMatchObject({ sku: 'LN-100', price: '249', translations: { se: { name: 'Förkläde' } } });
    expect(body.created).toBe(CREATED.toISOString());
    expect(body.images).toHaveLength(2);
    expect(body.images[0]).toMatch(/^\/files\/Uploads\/fbAda0001_\w+_front\.jpg$/);
    expect(body.images[1]).toMatch(/_back\.png$/);
    const served = await fetch(`${t.baseUrl}${body.images[1]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    // The towel keeps the image that passed.
    const towel = await t.db.selectFrom('products').selectAll().where('id', '=', 'p-towel').executeTakeFirstOrThrow();
    expect(JSON.parse(towel.images)).toEqual([expect.stringMatching(/_towel\.jpg$/)]);
    expect([towel.category, Boolean(towel.active)]).toEqual(['Cotton', false]);
    const sheet = await t.db
      .selectFrom('products')
      .select('price')
      .where('id', '=', 'p-sheet')
      .executeTakeFirstOrThrow();
    expect(sheet.price).toBe('1299.50');

    const en = await t.db.selectFrom('languages').selectAll().where('id', '=', 'en').executeTakeFirstOrThrow();
    expect(JSON.parse(en.texts)).toEqual({ title: 'Linen shop', welcome: 'Welcome', showBanner: true });
    const status = await t.db.selectFrom('app_status').selectAll().executeTakeFirstOrThrow();
    expect(Boolean(status.active)).toBe(false);
  });

  it('a second run changes nothing (the refused image is reported again)', async () => {
    const before = await snapshot();
    const res = await run(...hashOptions);
    expect(res.code, res.err).toBe(0);
    expect(res.err).toContain('Staff: 4 read · 0 added · 0 changed · 3 unchanged · 1 skipped');
    expect(res.err).toContain(
      'Products: 3 read · 0 added · 0 changed · 3 unchanged · images: 0 copied, 4 kept, 1 failed',
    );
    expect(res.err).toContain('Product LN-200 (products/p-towel): image "broken.jpg": ');
    expect(res.err).toContain('Languages: 2 read · 0 added · 0 changed · 2 unchanged');
    expect(res.err).toContain('Status: off, unchanged');
    expect(await snapshot()).toEqual(before);
  });

  it('a person signs in with their Firebase password, which is then ours', async () => {
    expect((await signInRaw(t, PEOPLE.bo.email, 'user1passwordX')).status).toBe(401);
    expect(await signIn(t, PEOPLE.bo.email, SAMPLE.password)).toContain('session_token');
    expect(await firebasePasswordOf(t.db, PEOPLE.bo.uid)).toBeNull();
    expect(await signIn(t, PEOPLE.bo.email, SAMPLE.password)).toContain('session_token');
    // A later import leaves the password of ours alone.
    const res = await run(...hashOptions);
    expect(res.code, res.err).toBe(0);
    expect(await firebasePasswordOf(t.db, PEOPLE.bo.uid)).toBeNull();
    expect(await signIn(t, PEOPLE.bo.email, SAMPLE.password)).toContain('session_token');
  });

  it('a change made in Firebase since is brought by the next run, with its history entry', async () => {
    const fs = getFirestore(admin);
    const apron = (await fs.doc('products/p-apron').get()).data()!;
    const bo = (await fs.doc(`users/${PEOPLE.bo.uid}`).get()).data()!;
    await fs.doc('products/p-apron').update({ name: 'Apron, long', price: 279 });
    await fs.doc(`users/${PEOPLE.bo.uid}`).update({ isAdmin: true, lastName: 'Ekström' });
    try {
      const res = await run(...hashOptions);
      expect(res.code, res.err).toBe(0);
      expect(res.err).toContain('Staff: 4 read · 0 added · 1 changed · 2 unchanged · 1 skipped');
      expect(res.err).toContain('Products: 3 read · 0 added · 1 changed · 2 unchanged · images: 0 copied, 4 kept');
      const row = await t.db.selectFrom('products').selectAll().where('id', '=', 'p-apron').executeTakeFirstOrThrow();
      expect([row.name, row.price, row.version]).toEqual(['Apron, long', '279', 2]);
      expect(JSON.parse(row.images)).toHaveLength(2);
      const user = await t.db.selectFrom('users').selectAll().where('id', '=', PEOPLE.bo.uid).executeTakeFirstOrThrow();
      expect([user.last_name, Boolean(user.is_admin), user.user_type]).toEqual(['Ekström', true, 'admin']);
      const entry = await t.db
        .selectFrom('history')
        .selectAll()
        .where('record_id', '=', 'p-apron')
        .where('action', '=', 'changed')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(entry.diff)).toMatchObject({ name: ['Apron', 'Apron, long'], price: ['249', '279'] });
    } finally {
      await fs.doc('products/p-apron').set(apron);
      await fs.doc(`users/${PEOPLE.bo.uid}`).set(bo);
    }
  });
});
