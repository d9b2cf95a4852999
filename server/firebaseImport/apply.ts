import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, ProductsTable, UsersTable } from '../db/schema.js';
import { now } from '../db/index.js';
import type { Auth } from '../auth/index.js';
import type { Mailer } from '../mail/index.js';
import type { FileStore } from '../files/store.js';
import { hashPassword } from '../auth/password.js';
import { sendInvitation } from '../auth/register.js';
import { firebasePasswordOf, keepFirebasePassword } from '../auth/firebasePasswords.js';
import type { FirebaseHash, FirebaseHashParams } from '../auth/firebaseScrypt.js';
import { commit } from '../core/commit.js';
import { diffOf } from '../core/history.js';
import { DomainError } from '../core/errors.js';
import { storeUpload } from '../core/files.js';
import { historyValues as productHistory, productColumns, toProduct } from '../core/products.js';
import { readActiveRow, writeActive } from '../core/appStatus.js';
import { toUser, userColumns, type PersonFields } from '../core/users.js';
import { ProductCreate } from '../../domain/products.js';
import { mergeTranslations, productDescription } from '../../domain/productFields.js';
import { readDocument } from '../../domain/resourceDocument.js';
import type { Translations } from '../../domain/productFields.js';
import { fullName } from '../../domain/names.js';
import { textOf } from '../../domain/translate.js';
import { isoOf, objectPathOf, type FirebaseSource, type SourceObject, type SourceUser } from './source.js';

// Writing what source.ts read into our database and file store. Every kind is matched by its Firebase id
// (the uid, the product's document id), so a second run updates what changed and adds nothing twice; each change goes
// through commit() with its history entry (the operator's, actor null). A dry run reads and compares the same way and
// writes nothing.

type Data = Record<string, unknown>;

export interface ImportOptions {
  db: Kysely<Database>;
  auth: Auth;
  mailer: Mailer;
  publicUrl: string;
  store: FileStore;
  maxPixels: number;
  maxBytes: number;
  /** The project's hash parameters; null: nobody's hash can be read (everyone is invited). */
  hashParams: FirebaseHashParams | null;
  dryRun: boolean;
  /** One line per kind as it goes (and its last). */
  progress: (line: string, final: boolean) => void;
  /** A problem with one record: reported, the rest goes on. */
  problem: (line: string) => void;
}

export interface KindCounts {
  read: number;
  added: number;
  changed: number;
  unchanged: number;
  skipped: number;
}

export interface ImportSummary {
  staff: KindCounts & { invited: number; passwords: number };
  products: KindCounts;
  images: { copied: number; kept: number; failed: number };
  languages: KindCounts;
  status: 'added' | 'changed' | 'unchanged' | 'missing';
}

const counts = (): KindCounts => ({ read: 0, added: 0, changed: 0, unchanged: 0, skipped: 0 });

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

/** Runs the whole import: staff, products with their images, languages, status. */
export async function importFirebase(source: FirebaseSource, o: ImportOptions): Promise<ImportSummary> {
  const staff = await importStaff(await source.users(), o);
  const uploads = await source.uploads();
  const { products, images } = await importProducts(source, await source.products(), uploads, o);
  const languages = await importLanguages(await source.languages(), o);
  const status = await importStatus(await source.status(), o);
  return { staff, products, images, languages, status };
}

const would = (o: ImportOptions, done: string, planned: string): string => (o.dryRun ? planned : done);

/** 'Staff: 50 read · 3 added · …' (a dry run: 'would add'). */
function countsLine(kind: string, c: KindCounts, o: ImportOptions, extra: string[] = []): string {
  const parts = [
    `${c.read} read`,
    `${c.added} ${would(o, 'added', 'to add')}`,
    `${c.changed} ${would(o, 'changed', 'to change')}`,
    `${c.unchanged} unchanged`,
    ...(c.skipped ? [`${c.skipped} skipped`] : []),
    ...extra,
  ];
  return `${kind}: ${parts.join(' · ')}`;
}

// --- staff ---

/** A hash this project's parameters can check: base64 of the signer key's length. */
function readableHash(h: FirebaseHash | null, p: FirebaseHashParams | null): h is FirebaseHash {
  if (!h || !p) return false;
  const b64 = /^[A-Za-z0-9+/_-]+={0,2}$/;
  if (!b64.test(h.hash) || !b64.test(h.salt)) return false;
  const len = (s: string): number => Buffer.from(s.replace(/-/g, '+').replace(/_/g, '/'), 'base64').length;
  return len(h.hash) === len(p.signerKey) && len(h.salt) > 0;
}

/** What our users row should hold for a Firebase person. */
function wantedUser(u: SourceUser): PersonFields & { created: string } {
  const r = u.record!;
  return {
    email: (text(r.email) || u.email).toLowerCase(),
    firstName: text(r.firstName),
    lastName: text(r.lastName),
    isAdmin: r.isAdmin === true,
    isEditor: r.isEditor === true,
    // A disabled Auth account could not sign in there: it is not active here either.
    active: r.active === true && !u.disabled,
    created: isoOf(r.created) ?? u.authCreated ?? now(),
  };
}

const userFields = (u: {
  email: string;
  firstName: string;
  lastName: string;
  isAdmin: boolean;
  isEditor: boolean;
  active: boolean;
}): Record<string, string | boolean> => ({
  firstName: u.firstName,
  lastName: u.lastName,
  email: u.email,
  active: u.active,
  isEditor: u.isEditor,
  isAdmin: u.isAdmin,
});

async function importStaff(users: SourceUser[], o: ImportOptions): Promise<ImportSummary['staff']> {
  const c = { ...counts(), invited: 0, passwords: 0 };
  const line = (final: boolean): void =>
    o.progress(
      countsLine('Staff', c, o, [
        `${c.passwords} ${would(o, 'passwords kept', 'passwords to keep')}`,
        `${c.invited} ${would(o, 'invited', 'to invite')}`,
      ]),
      final,
    );
  for (const u of users) {
    c.read++;
    const who = `Staff ${u.email || '(no email)'} (uid ${u.uid})`;
    if (!u.record) {
      c.skipped++;
      o.problem(`${who}: no users/${u.uid} record in Firestore (the original console refused their sign-in); skipped`);
      continue;
    }
    const want = wantedUser(u);
    if (!want.email) {
      c.skipped++;
      o.problem(`${who}: no email address; skipped`);
      continue;
    }
    const [row] = await o.db.selectFrom('users').selectAll().where('id', '=', u.uid).execute();
    const hash = readableHash(u.hash, o.hashParams) ? u.hash : null;
    if (!row) {
      const other = await o.db.selectFrom('users').select('id').where('email', '=', want.email).executeTakeFirst();
      if (other) {
        c.skipped++;
        o.problem(`${who}: ${want.email} is here already as another account (uid ${other.id}); skipped`);
        continue;
      }
      c.added++;
      if (hash) c.passwords++;
      else c.invited++;
      if (!o.dryRun) await addUser(u.uid, want, hash, o);
    } else {
      const changed = await updateUser(row, want, hash, o);
      if (changed) c.changed++;
      else c.unchanged++;
    }
    if (c.read % 25 === 0 && c.read < users.length) line(false);
  }
  line(true);
  return c;
}

async function addUser(
  uid: string,
  want: ReturnType<typeof wantedUser>,
  hash: FirebaseHash | null,
  o: ImportOptions,
): Promise<void> {
  const ctx = await o.auth.$context;
  await ctx.internalAdapter.createUser(
    { id: uid, email: want.email, name: fullName(want), emailVerified: true, createdAt: new Date(want.created) },
    { method: 'admin' },
  );
  const row: Selectable<UsersTable> = {
    id: uid,
    ...userColumns(want),
    created: want.created,
    updated: null,
  };
  await commit(o.db, null, async (trx) => {
    await trx.insertInto('users').values(row).execute();
    return {
      value: undefined,
      history: [{ kind: 'user', recordId: uid, action: 'created', diff: diffOf({}, userFields(want)) }],
      announce: [{ kind: 'user', id: uid, actor: null, created: true }],
    };
  });
  if (hash) {
    // No password of ours: the first sign-in checks this hash (server/auth/firebasePasswords.ts).
    await keepFirebasePassword(o.db, uid, hash, o.hashParams!);
    return;
  }
  // Unreadable (or no parameters given): an unusable password, and the invitation mail to set one.
  await ctx.internalAdapter.linkAccount({
    userId: uid,
    providerId: 'credential',
    accountId: uid,
    password: await hashPassword(randomBytes(48).toString('base64url')),
  });
  await sendInvitation(o.auth, o.mailer, o.publicUrl, { uid, email: want.email, firstName: want.firstName });
}

/** Brings an imported person's record up to date; true when anything changed. */
async function updateUser(
  row: Selectable<UsersTable>,
  want: ReturnType<typeof wantedUser>,
  hash: FirebaseHash | null,
  o: ImportOptions,
): Promise<boolean> {
  const current = toUser(row);
  const before = userFields(current);
  const after = userFields(want);
  const differs = Object.keys(after).some((k) => before[k] !== after[k]);
  // A newer Firebase hash (the password changed there) matters only while there is no password of ours.
  let newHash = false;
  if (hash) {
    const waiting = await firebasePasswordOf(o.db, row.id);
    newHash = waiting !== null && (waiting.hash !== hash.hash || waiting.salt !== hash.salt);
  }
  if (o.dryRun || (!differs && !newHash)) return differs || newHash;
  if (newHash) await keepFirebasePassword(o.db, row.id, hash!, o.hashParams!);
  if (differs) {
    await commit(o.db, null, async (trx) => {
      await trx
        .updateTable('users')
        .set({ ...userColumns(want), updated: now() })
        .where('id', '=', row.id)
        .execute();
      return {
        value: undefined,
        history: [{ kind: 'user', recordId: row.id, action: 'changed', diff: diffOf(before, after) }],
        announce: [
          {
            kind: 'user',
            id: row.id,
            actor: null,
            ...(current.active && !want.active ? { deactivated: true as const } : {}),
            ...(current.isAdmin !== want.isAdmin || current.isEditor !== want.isEditor ? { flags: true as const } : {}),
            ...(current.firstName !== want.firstName || current.lastName !== want.lastName
              ? { names: true as const }
              : {}),
          },
        ],
      };
    });
    const ctx = await o.auth.$context;
    await ctx.internalAdapter.updateUser(row.id, { name: fullName(want), email: want.email });
  }
  return true;
}

// --- products ---

/** The original name of an uploaded object: Uploads/<uid>_<id>_<name>. */
const nameOf = (path: string): string => {
  const base = path.replace(/^Uploads\//, '');
  return /^[^_]+_[^_]+_(.+)$/.exec(base)?.[1] ?? base;
};

/** The uploader's uid in an object's name, when it looks like one (files.owner); else 'firebase'. */
const ownerOf = (path: string): string => {
  const uid = /^Uploads\/([A-Za-z0-9]{1,128})_/.exec(path)?.[1];
  return uid ?? 'firebase';
};

/** Runs `fn` over items, `width` at a time, in order of start. */
async function eachLimited<T>(items: readonly T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) await fn(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, worker));
}

async function importProducts(
  source: FirebaseSource,
  docs: { id: string; data: Data }[],
  uploads: Map<string, SourceObject>,
  o: ImportOptions,
): Promise<{ products: KindCounts; images: ImportSummary['images'] }> {
  const c = counts();
  const images = { copied: 0, kept: 0, failed: 0 };
  let shown = 0;
  const line = (final: boolean): void =>
    o.progress(
      `${countsLine('Products', c, o)} · images: ${images.copied} ${would(o, 'copied', 'to copy')}, ` +
        `${images.kept} kept, ${images.failed} failed`,
      final,
    );
  // Copied already, by object: a second run copies only what is new or changed in Storage.
  const copied = new Map(
    (await o.db.selectFrom('firebase_files').selectAll().execute()).map((r) => [r.source, r] as const),
  );

  /** Our address of one image of a product, copying it when needed; null (reported) when it cannot come. */
  async function image(label: string, address: string): Promise<string | null> {
    const path = objectPathOf(address, source.bucket);
    const fail = (why: string): null => {
      images.failed++;
      o.problem(`${label}: image "${path ? nameOf(path) : address}": ${why}`);
      return null;
    };
    if (!path || !path.startsWith('Uploads/')) return fail(`not under Uploads/ in the bucket ${source.bucket}`);
    const object = uploads.get(path);
    if (!object) return fail('not found in Storage');
    const sourceKey = `${source.bucket}/${path}`;
    const done = copied.get(sourceKey);
    if (done && done.md5 === object.md5) {
      images.kept++;
      return done.address;
    }
    if (object.size > o.maxBytes) return fail(`larger than ${Math.round(o.maxBytes / 1048576)} MB`);
    if (o.dryRun) {
      images.copied++;
      return `/files/${path}`;
    }
    let data: Buffer;
    try {
      data = await source.download(path);
    } catch (err) {
      // Gone since it was listed, or refused: this image only.
      return fail(`could not be read from Storage (${err instanceof Error ? err.message : String(err)})`);
    }
    try {
      // The checks of a finished upload: the decoded type, the pixels, a complete file (core/files.ts).
      const stored = await storeUpload(
        o.db,
        o.store,
        { owner: ownerOf(path), originalName: nameOf(path), data },
        o.maxPixels,
      );
      const row = { source: sourceKey, md5: object.md5, address: stored.address, imported: now() };
      await o.db
        .insertInto('firebase_files')
        .values(row)
        .onConflict((oc) =>
          oc.column('source').doUpdateSet({ md5: row.md5, address: row.address, imported: row.imported }),
        )
        .execute();
      copied.set(sourceKey, row);
      images.copied++;
      return stored.address;
    } catch (err) {
      if (err instanceof DomainError) return fail(textOf(err.said, 'en'));
      throw err;
    }
  }

  await eachLimited(docs, 4, async (d) => {
    c.read++;
    const sku = text(d.data.sku).trim();
    const label = `Product ${sku || '(no SKU)'} (products/${d.id})`;
    // Each field of the products' description and its translations as the provider set reads them
    // (domain/resourceDocument.ts); the images are copied below.
    const { images: _copied, ...described } = readDocument(productDescription, d.data);
    const fields = { ...described, sku };
    const parsed = ProductCreate.omit({ images: true }).safeParse(fields);
    if (!parsed.success) {
      c.skipped++;
      const issue = parsed.error.issues[0]!;
      o.problem(`${label}: ${issue.path.join('.')}: ${textOf(issue.message, 'en')}; skipped`);
      return;
    }
    const clash = await o.db
      .selectFrom('products')
      .select('id')
      .where('sku', '=', parsed.data.sku)
      .where('id', '<>', d.id)
      .executeTakeFirst();
    if (clash) {
      c.skipped++;
      o.problem(`${label}: the SKU is taken here by another product (${clash.id}); skipped`);
      return;
    }
    const addresses: string[] = [];
    const given = Array.isArray(d.data.images) ? d.data.images.filter((x): x is string => typeof x === 'string') : [];
    for (const a of given) {
      const ours = await image(label, a);
      if (ours) addresses.push(ours);
    }
    const created = isoOf(d.data.created) ?? now();
    const values = { ...parsed.data, translations: mergeTranslations({}, parsed.data.translations), images: addresses };
    await saveProduct(d.id, values, created, c, o);
    if (++shown % 50 === 0 && shown < docs.length) line(false);
  });
  line(true);
  return { products: c, images };
}

async function saveProduct(
  id: string,
  values: Omit<ProductCreate, 'images' | 'translations' | 'activeFrom' | 'activeUntil'> & {
    translations: Translations;
    images: string[];
  },
  created: string,
  c: KindCounts,
  o: ImportOptions,
): Promise<void> {
  const [row] = await o.db.selectFrom('products').selectAll().where('id', '=', id).execute();
  const columns = productColumns(values);
  if (!row) {
    c.added++;
    if (o.dryRun) return;
    const fresh = {
      id,
      ...columns,
      active_from: null,
      active_until: null,
      version: 1,
      created,
      updated: null,
      created_by: null,
      updated_by: null,
    } as Selectable<ProductsTable>;
    const product = toProduct(fresh);
    await commit(o.db, null, async (trx) => {
      await trx.insertInto('products').values(fresh).execute();
      return {
        value: undefined,
        history: [
          {
            kind: 'product',
            recordId: id,
            action: 'created',
            diff: diffOf({}, productHistory(product)),
          },
        ],
        announce: [{ kind: 'product', id, version: 1, actor: null, created: true }],
      };
    });
    return;
  }
  const current = toProduct(row);
  const next = toProduct({ ...row, ...columns } as Selectable<ProductsTable>);
  const before = JSON.stringify(productHistory(current));
  if (before === JSON.stringify(productHistory(next)) && current.sku === next.sku) {
    c.unchanged++;
    return;
  }
  c.changed++;
  if (o.dryRun) return;
  const version = row.version + 1;
  await commit(o.db, null, async (trx) => {
    await trx
      .updateTable('products')
      .set({ ...columns, version, updated: now(), updated_by: null })
      .where('id', '=', id)
      .execute();
    return {
      value: undefined,
      history: [
        {
          kind: 'product',
          recordId: id,
          action: 'changed',
          diff: diffOf(productHistory(current), productHistory(next)),
        },
      ],
      announce: [{ kind: 'product', id, version, actor: null }],
    };
  });
}

// --- languages, status ---

/** A language document as our record's texts: strings and booleans kept, anything else as its JSON (as the editor). */
function textsOf(d: Data): Record<string, string | boolean> {
  const out: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(d))
    out[k] = typeof v === 'boolean' || typeof v === 'string' ? v : JSON.stringify(v);
  return out;
}

const sameTexts = (a: Record<string, string | boolean>, b: Record<string, string | boolean>): boolean =>
  Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((k) => Object.hasOwn(b, k) && a[k] === b[k]);

async function importLanguages(docs: Record<'en' | 'se', Data | null>, o: ImportOptions): Promise<KindCounts> {
  const c = counts();
  for (const id of ['en', 'se'] as const) {
    const d = docs[id];
    if (!d) {
      o.problem(`Language ${id}: languages/${id} is not in Firestore; ours is kept`);
      c.skipped++;
      continue;
    }
    c.read++;
    const texts = textsOf(d);
    const row = await o.db.selectFrom('languages').selectAll().where('id', '=', id).executeTakeFirst();
    const current = row ? (JSON.parse(row.texts) as Record<string, string | boolean>) : null;
    if (current && sameTexts(current, texts)) {
      c.unchanged++;
      continue;
    }
    if (current) c.changed++;
    else c.added++;
    if (o.dryRun) continue;
    const version = (row?.version ?? 0) + 1;
    await commit(o.db, null, async (trx) => {
      const values = { texts: JSON.stringify(texts), version, updated: now(), updated_by: null };
      if (row) await trx.updateTable('languages').set(values).where('id', '=', id).execute();
      else
        await trx
          .insertInto('languages')
          .values({ id, ...values })
          .execute();
      return {
        value: undefined,
        history: [{ kind: 'language', recordId: id, action: 'changed', diff: diffOf(current ?? {}, texts) }],
        announce: [{ kind: 'language', id, version, actor: null }],
      };
    });
  }
  o.progress(countsLine('Languages', c, o), true);
  return c;
}

async function importStatus(active: boolean | null, o: ImportOptions): Promise<ImportSummary['status']> {
  if (active === null) {
    o.progress('Status: app/status has no active flag in Firestore; ours is kept', true);
    return 'missing';
  }
  const current = await readActiveRow(o.db);
  const outcome = current === null ? 'added' : current === active ? 'unchanged' : 'changed';
  if (outcome !== 'unchanged' && !o.dryRun) await writeActive(o.db, active);
  const state = active ? 'on' : 'off';
  o.progress(
    `Status: ${outcome === 'unchanged' ? `${state}, unchanged` : `${would(o, 'set', 'to set')} ${state}`}`,
    true,
  );
  return outcome;
}
