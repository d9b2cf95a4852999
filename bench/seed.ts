import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { sql, type Insertable, type Kysely } from 'kysely';
import { loadConfig } from '../server/config.js';
import { openDb, type Db, type Dialect } from '../server/db/index.js';
import type { Database, ProductsTable, UsersTable } from '../server/db/schema.js';
import { createMailer } from '../server/mail/index.js';
import { createAuth } from '../server/auth/index.js';
import { setup } from '../server/setup.js';
import { registerUser } from '../server/auth/register.js';
import { encodeCursor } from '../server/lib/cursor.js';
import { log } from './lib.js';
import { productColumns } from '../server/core/products.js';
import type { Translations } from '../domain/productFields.js';

const PG_ADMIN = 'postgres://postgres@127.0.0.1:5432/postgres';
/** The two accounts that sign in; every other user is a plain users row. */
export const ACCOUNTS = {
  admin: { email: 'admin@bench.local', password: 'bench admin password' },
  editor: { email: 'editor@bench.local', password: 'bench editor password' },
} as const;

/** Where one benchmark's data lives: a temp DATA_DIR, plus its own PostgreSQL database on that dialect. */
export interface Place {
  dialect: Dialect;
  dataDir: string;
  databaseUrl: string | null;
  /** The environment a server on this data needs (PORT and PUBLIC_URL are added per server). */
  env: Record<string, string>;
  drop(): Promise<void>;
}

async function onPostgres(statement: string): Promise<void> {
  const c = new pg.Client({ connectionString: PG_ADMIN });
  await c.connect();
  try {
    await c.query(statement);
  } finally {
    await c.end();
  }
}

/** Makes an empty place for the bench's data (and a bench_* database on PostgreSQL). */
export async function createPlace(dialect: Dialect): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
  const name = `bench_${randomBytes(5).toString('hex')}`;
  if (dialect === 'postgres') await onPostgres(`CREATE DATABASE ${name}`);
  const databaseUrl = dialect === 'postgres' ? `postgres://postgres@127.0.0.1:5432/${name}` : null;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: ACCOUNTS.admin.email,
    ADMIN_PASSWORD: ACCOUNTS.admin.password,
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return {
    dialect,
    dataDir,
    databaseUrl,
    env,
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      if (!databaseUrl) return;
      await onPostgres(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      );
      await onPostgres(`DROP DATABASE IF EXISTS ${name}`);
    },
  };
}

/**
 * Opens the place as the server would: migrations, the first admin from ADMIN_*, and an editor made with registerUser.
 */
export async function openPlace(place: Place): Promise<Db> {
  const config = loadConfig({ ...place.env, LOG_LEVEL: 'silent' });
  const db = openDb(config);
  const mailer = createMailer({
    smtpUrl: null,
    from: config.mailFrom,
    outboxDir: join(place.dataDir, 'outbox'),
    log: () => undefined,
  });
  const auth = createAuth(config, db, mailer, () => undefined);
  const result = await setup(db, auth, { email: config.adminEmail, password: config.adminPassword });
  if (result.createdAdmin) {
    await registerUser(auth, db.kysely, { ...ACCOUNTS.editor, firstName: 'Bench', lastName: 'Editor', isEditor: true });
  }
  return db;
}

const pad = (i: number): string => String(i).padStart(7, '0');
const sku = (i: number): string => `SKU-${pad(i)}`;
const email = (i: number): string => `user${pad(i)}@bench.local`;
const DETAILS =
  'Stonewashed European linen, pre-shrunk, OEKO-TEX certified. ' +
  'Machine wash at 40 °C, tumble dry low, iron while damp. ';

const DETAILS_SE =
  'Stentvättat europeiskt linne, förkrympt, OEKO-TEX-certifierat. ' +
  'Tvätta i 40 °C, torktumla på låg värme, stryk fuktigt. ';

/** Most products have their Swedish name and details; one in ten has none, one in twenty only the name. */
function swedish(i: number, linen: boolean): Translations {
  if (i % 10 === 3) return {};
  const name = `Kökshandduk i ${linen ? 'linne' : 'bomull'} nr ${i}`;
  return { se: i % 20 === 7 ? { name } : { name, details: DETAILS_SE } };
}

function productRow(i: number, owner: string): Insertable<ProductsTable> {
  const images = Array.from(
    { length: 1 + (i % 3) },
    (_, n) => `/files/Uploads/${owner}_b${i.toString(36)}x${n}_photo-${n + 1}.jpg`,
  );
  const linen = i % 2 === 0;
  return {
    id: randomUUID(),
    sku: sku(i),
    category: linen ? 'Linen' : 'Cotton',
    mc: linen ? 'Linen care' : 'Cotton care',
    details: DETAILS,
    // As the server writes them (the translations, the search's text and the languages missing).
    ...(productColumns({
      name: `${linen ? 'Linen' : 'Cotton'} tea towel no. ${i}`,
      sku: sku(i),
      translations: swedish(i, linen),
    }) as {
      name: string;
      translations: string;
      search_text: string;
      untranslated: string;
    }),
    price: `${9 + (i % 200)}.95`,
    active: i % 7 === 0 ? 0 : 1,
    images: JSON.stringify(images),
    primary_image: images[0]!,
    version: 1,
    created: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
    updated: null,
    created_by: owner,
    updated_by: null,
  };
}

function userRow(i: number): Insertable<UsersTable> {
  return {
    id: randomUUID(),
    email: email(i),
    first_name: `First${i}`,
    last_name: `Last${i}`,
    user_type: i % 10 === 0 ? 'editor' : 'staff',
    active: i % 13 === 0 ? 0 : 1,
    is_admin: 0,
    is_editor: i % 10 === 0 ? 1 : 0,
    created: new Date(Date.UTC(2019, 0, 1) + i * 1000).toISOString(),
    updated: null,
  };
}

/** Inserts rows numbered [from, to) in batches of 1,000, twenty batches per transaction. */
async function fill<T extends 'products' | 'users'>(
  db: Kysely<Database>,
  table: T,
  from: number,
  to: number,
  row: (i: number) => Insertable<Database[T]>,
): Promise<void> {
  const BATCH = 1000;
  for (let start = from; start < to; start += BATCH * 20) {
    await db.transaction().execute(async (trx) => {
      for (let b = start; b < Math.min(to, start + BATCH * 20); b += BATCH) {
        const rows = Array.from({ length: Math.min(BATCH, to - b) }, (_, k) => row(b + k));
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute();
      }
    });
    if ((start / (BATCH * 20)) % 25 === 24)
      log(`  ${table}: ${Math.min(to, start + BATCH * 20).toLocaleString('en')} rows`);
  }
}

/** Brings the catalogue up to `products` products and `users` plain users (rows numbered from 1). */
export async function seedCatalogue(db: Db, products: number, users: number): Promise<void> {
  const k = db.kysely;
  const owner = (
    await k.selectFrom('users').select('id').where('email', '=', ACCOUNTS.editor.email).executeTakeFirstOrThrow()
  ).id;
  const count = async (t: 'products' | 'users', like: string): Promise<number> =>
    Number(
      (
        await k
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where(t === 'products' ? 'sku' : 'email', 'like', like)
          .executeTakeFirstOrThrow()
      ).n,
    );
  await fill(k, 'products', 1 + (await count('products', 'SKU-%')), products + 1, (i) => productRow(i, owner));
  await fill(k, 'users', 1 + (await count('users', 'user%@bench.local')), users + 1, userRow);
  // VACUUM as autovacuum would have by the time anyone searches a live catalogue: it sets the visibility map, which
  // lets index-only scans (a search's walk down products_search_walk) skip the table.
  if (db.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(k);
}

/**
 * Request targets drawn at random from the catalogue: SKUs, product ids, emails, and a cursor halfway down the list.
 */
export interface Samples {
  skus: string[];
  ids: string[];
  emails: string[];
  midCursor: string;
}

/** `n` random SKUs (with their product ids) and emails, and the cursor of the product halfway down the list. */
export async function drawSamples(db: Db, products: number, users: number, n = 500): Promise<Samples> {
  const pick = (max: number): number[] => Array.from({ length: n }, () => 1 + Math.floor(Math.random() * max));
  const skus = pick(products).map(sku);
  const rows = await db.kysely.selectFrom('products').select(['id', 'sku']).where('sku', 'in', skus).execute();
  const mid = await db.kysely
    .selectFrom('products')
    .select(['id', 'sku'])
    .where('sku', '=', sku(Math.ceil(products / 2)))
    .executeTakeFirstOrThrow();
  return { skus, ids: rows.map((r) => r.id), emails: pick(users).map(email), midCursor: encodeCursor(mid.sku, mid.id) };
}
