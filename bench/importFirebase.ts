import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import sharp from 'sharp';
import { startEmulators } from '../tests/firebase/emulators.js';
import { loopbackOnly } from '../tests/firebase/helpers/loopbackOnly.js';
import { SAMPLE } from '../tests/fixtures/firebaseScrypt.js';
import { cli } from '../server/cli.js';

// `npx tsx bench/importFirebase.ts [--pg] [--products=1000] [--users=50]`: the time of `npm run cli -- import-firebase`
// for a project of that many products (one 1000×750 JPEG each) and people (every one with a hash to keep), against
// the emulators the Firebase tests run (tests/firebase/emulators.ts, in this process), into a fresh SQLite data folder
// (or, with --pg, a bench_* database on PostgreSQL at 127.0.0.1:5432, dropped after). Then the same import again (all
// unchanged). Needs the Firebase test tooling (node tests/firebase/ensure.mjs).

const arg = (name: string, fallback: number): number => {
  const hit = process.argv.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
};
const PRODUCTS = arg('products', 1000);
const USERS = arg('users', 50);
const usePg = process.argv.includes('--pg');

const b64 = (s: string): Buffer => Buffer.from(s, 'base64');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** Ten different photo-like JPEGs (a gradient with grain), 1000×750, reused round the products. */
async function photos(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let k = 0; k < 10; k++) {
    const w = 1000;
    const h = 750;
    const px = Buffer.alloc(w * h * 3);
    let seed = k + 1;
    for (let i = 0; i < w * h; i++) {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      const grain = (seed >> 16) % 24;
      const x = i % w;
      const y = Math.floor(i / w);
      px[i * 3] = (180 + grain + (x >> 5)) & 255;
      px[i * 3 + 1] = (160 + grain + (y >> 5) + k * 3) & 255;
      px[i * 3 + 2] = (120 + grain) & 255;
    }
    out.push(
      await sharp(px, { raw: { width: w, height: h, channels: 3 } })
        .jpeg({ quality: 85 })
        .toBuffer(),
    );
  }
  return out;
}

async function limited<T>(
  items: readonly T[],
  width: number,
  fn: (item: T, i: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i]!, i);
      }
    }),
  );
}

async function main(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, load ${load()} (1, 5, 15 min) at start`);
  const emulators = await startEmulators('demo-bench');
  const projectId = `demo-bench${randomUUID().slice(0, 6)}`;
  const bucketName = `${projectId}.appspot.com`;
  const env: Record<string, string> = {
    // Never ask the cloud metadata server for credentials (see server/firebaseImport/source.ts).
    METADATA_SERVER_DETECTION: 'none',
    FIREBASE_AUTH_EMULATOR_HOST: emulators.authHost,
    FIRESTORE_EMULATOR_HOST: `127.0.0.1:${emulators.firestorePort}`,
    FIREBASE_STORAGE_EMULATOR_HOST: emulators.storageHost,
  };
  loopbackOnly();
  Object.assign(process.env, env, { GOOGLE_CLOUD_PROJECT: projectId });
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore, Timestamp } = await import('firebase-admin/firestore');
  const { getStorage } = await import('firebase-admin/storage');
  const admin = initializeApp({ projectId, storageBucket: bucketName }, 'bench-seed');
  const firestore = getFirestore(admin);
  const bucket = getStorage(admin).bucket();

  const seedStart = performance.now();
  const people = Array.from({ length: USERS }, (_, i) => ({
    uid: `benchUser${String(i).padStart(4, '0')}`,
    email: `person${i}@bench.example`,
  }));
  await getAuth(admin).importUsers(
    people.map((p) => ({ ...p, passwordHash: b64(SAMPLE.hash), passwordSalt: b64(SAMPLE.salt) })),
    {
      hash: {
        algorithm: 'SCRYPT',
        key: b64(SAMPLE.params.signerKey),
        saltSeparator: b64(SAMPLE.params.saltSeparator),
        rounds: SAMPLE.params.rounds,
        memoryCost: SAMPLE.params.memCost,
      },
    },
  );
  const batch = firestore.batch();
  people.forEach((p, i) =>
    batch.set(firestore.doc(`users/${p.uid}`), {
      uid: p.uid,
      email: p.email,
      firstName: `First${i}`,
      lastName: `Last${i}`,
      isAdmin: i === 0,
      isEditor: i % 3 === 0,
      active: true,
      userType: i === 0 ? 'admin' : i % 3 === 0 ? 'editor' : 'staff',
      created: Timestamp.fromDate(new Date(Date.UTC(2022, 0, 1 + i))),
    }),
  );
  await batch.commit();
  const images = await photos();
  const paths = Array.from({ length: PRODUCTS }, (_, i) => `Uploads/${people[i % USERS]!.uid}_b${i}_photo${i}.jpg`);
  await limited(paths, 8, async (path, i) => {
    await bucket.file(path).save(images[i % images.length]!, { contentType: 'image/jpeg', resumable: false });
  });
  for (let start = 0; start < PRODUCTS; start += 400) {
    const b = firestore.batch();
    for (let i = start; i < Math.min(PRODUCTS, start + 400); i++) {
      const address = `http://${emulators.storageHost}/v0/b/${bucketName}/o/${encodeURIComponent(paths[i]!)}?alt=media`;
      b.set(firestore.doc(`products/bench${String(i).padStart(5, '0')}`), {
        sku: `FB-${String(i).padStart(5, '0')}`,
        name: `Linen napkin no. ${i}`,
        details: 'Washed linen, hemmed by hand.',
        category: i % 2 ? 'Linen' : 'Cotton',
        mc: i % 2 ? 'Linen care' : 'Cotton care',
        price: 19 + (i % 50),
        active: i % 9 !== 0,
        images: [address],
        primary: address,
        created: Timestamp.fromDate(new Date(Date.UTC(2023, 0, 1, 0, i))),
      });
    }
    await b.commit();
  }
  await firestore.doc('languages/en').set({ title: 'Linen shop' });
  await firestore.doc('languages/se').set({ title: 'Linnebutik' });
  await firestore.doc('app/status').set({ active: true });
  console.log(`seeded ${USERS} people, ${PRODUCTS} products and images in ${seconds(performance.now() - seedStart)}`);

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-fbimport-'));
  const database = `bench_fbimport_${randomUUID().slice(0, 8)}`;
  const admins = 'postgres://postgres@127.0.0.1:5432/postgres';
  if (usePg) {
    const c = new pg.Client({ connectionString: admins });
    await c.connect();
    await c.query(`create database ${database}`);
    await c.end();
  }
  const runEnv: NodeJS.ProcessEnv = {
    ...env,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ...(usePg ? { DATABASE_URL: `postgres://postgres@127.0.0.1:5432/${database}` } : {}),
  };
  const args = [
    'import-firebase',
    '--project',
    projectId,
    '--hash-key',
    SAMPLE.params.signerKey,
    '--salt-separator',
    SAMPLE.params.saltSeparator,
    '--rounds',
    String(SAMPLE.params.rounds),
    '--mem-cost',
    String(SAMPLE.params.memCost),
  ];
  try {
    for (const label of ['import', 're-run (nothing changed)']) {
      const lines: string[] = [];
      const loadBefore = load();
      const started = performance.now();
      const code = await cli(args, runEnv, { out: (l) => lines.push(l), err: (l) => lines.push(l) });
      const took = performance.now() - started;
      console.log(`\n${label} on ${usePg ? 'PostgreSQL' : 'SQLite'}: ${seconds(took)} (exit ${code})`);
      console.log(`load before ${loadBefore}, after ${load()}`);
      for (const l of lines) console.log(`  ${l}`);
      if (code !== 0) throw new Error('the import failed');
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (usePg) {
      const c = new pg.Client({ connectionString: admins });
      await c.connect();
      await c.query(`drop database if exists ${database} with (force)`);
      await c.end();
    }
    await firestore.terminate();
    await deleteApp(admin);
    await emulators.stop();
  }
}

await main();
process.exit(0);
