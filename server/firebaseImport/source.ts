import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import type { FirebaseHash } from '../auth/firebaseScrypt.js';

// Reading a Firebase project with firebase-admin: the Auth users with their exported hashes, the
// Firestore documents the original console keeps (users/{uid}, products, languages/en and /se, app/status), and the
// objects under Uploads/ in Storage. Field names as the Firebase provider set writes them (providers/firebase/*.ts).
// Nothing here writes anywhere.

type Data = Record<string, unknown>;

/** An Auth account and its users/{uid} record (null when it has none). */
export interface SourceUser {
  uid: string;
  email: string;
  disabled: boolean;
  /** When the Auth account was made (ISO-8601). */
  authCreated: string | null;
  /** The exported hash and salt; null when Firebase gave none. */
  hash: FirebaseHash | null;
  record: Data | null;
}

export interface SourceDoc {
  id: string;
  data: Data;
}

/** An object of the bucket: its MD5 (base64, as Storage gives it), size and type. */
export interface SourceObject {
  md5: string;
  size: number;
  contentType: string;
}

export interface FirebaseSource {
  projectId: string;
  bucket: string;
  users(): Promise<SourceUser[]>;
  products(): Promise<SourceDoc[]>;
  /** languages/en and languages/se; null for one that is not there. */
  languages(): Promise<Record<'en' | 'se', Data | null>>;
  /** app/status's `active`; null when the document or the field is missing. */
  status(): Promise<boolean | null>;
  /** Every object under Uploads/, by path. */
  uploads(): Promise<Map<string, SourceObject>>;
  download(path: string): Promise<Buffer>;
  close(): Promise<void>;
}

export interface SourceOptions {
  /** A service account's key file (Firebase console: Project settings, Service accounts). */
  serviceAccount?: string;
  /** The project; taken from the key file when there is one. */
  projectId?: string;
  /** The Storage bucket; default <project>.appspot.com. */
  bucket?: string;
  /** The environment (FIREBASE_AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST, FIREBASE_STORAGE_EMULATOR_HOST). */
  env: NodeJS.ProcessEnv;
}

export const EMULATOR_VARIABLES = [
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
] as const;

/** A Firestore time (Timestamp), an ISO text or a Date as ISO text; null for anything else. */
export function isoOf(value: unknown): string | null {
  if (typeof value === 'string' && !Number.isNaN(Date.parse(value))) return new Date(value).toISOString();
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    const d: unknown = value.toDate();
    return d instanceof Date ? d.toISOString() : null;
  }
  return null;
}

/** Opens the project with firebase-admin (loaded only here: the server never needs it). */
export async function openFirebase(opts: SourceOptions): Promise<FirebaseSource> {
  // firebase-admin and the Google clients read the emulator variables from process.env when they are made.
  for (const name of EMULATOR_VARIABLES) if (opts.env[name]) process.env[name] = opts.env[name];
  // Without a key the Google libraries fall back to application default credentials, whose lookup may ask the cloud
  // metadata server (169.254.169.254) for a project or token: against emulators nothing is to be asked there.
  if (!opts.serviceAccount) process.env.METADATA_SERVER_DETECTION ??= 'none';
  const { initializeApp, cert, deleteApp } = await import('firebase-admin/app');
  const { getAuth } = await import('firebase-admin/auth');
  const { getFirestore, FieldPath } = await import('firebase-admin/firestore');
  const { getStorage } = await import('firebase-admin/storage');
  let projectId = opts.projectId;
  let credential;
  if (opts.serviceAccount) {
    const key = JSON.parse(readFileSync(opts.serviceAccount, 'utf8')) as { project_id?: string };
    credential = cert(key as Parameters<typeof cert>[0]);
    projectId ??= key.project_id;
  }
  if (!projectId) throw new Error('No project: give --service-account, or --project with the emulator variables.');
  // The project the libraries would otherwise look up (from the metadata server, among other places).
  if (!opts.serviceAccount) process.env.GOOGLE_CLOUD_PROJECT ??= projectId;
  const bucketName = opts.bucket ?? `${projectId}.appspot.com`;
  const app = initializeApp(
    { projectId, storageBucket: bucketName, ...(credential ? { credential } : {}) },
    `import-${randomUUID()}`,
  );
  const firestore = getFirestore(app);
  const bucket = getStorage(app).bucket();

  /** Every document of a collection, 500 at a time in document order. */
  async function all(collection: string): Promise<SourceDoc[]> {
    const out: SourceDoc[] = [];
    let last: string | null = null;
    for (;;) {
      let q = firestore.collection(collection).orderBy(FieldPath.documentId()).limit(500);
      if (last !== null) q = q.startAfter(last);
      const page = await q.get();
      for (const d of page.docs) out.push({ id: d.id, data: d.data() });
      if (page.size < 500) return out;
      last = page.docs[page.size - 1]!.id;
    }
  }

  return {
    projectId,
    bucket: bucketName,
    async users() {
      const records = new Map((await all('users')).map((d) => [d.id, d.data]));
      const out: SourceUser[] = [];
      let pageToken: string | undefined;
      do {
        const page = await getAuth(app).listUsers(1000, pageToken);
        for (const u of page.users) {
          out.push({
            uid: u.uid,
            email: (u.email ?? '').toLowerCase(),
            disabled: u.disabled,
            authCreated: isoOf(u.metadata.creationTime),
            hash: u.passwordHash && u.passwordSalt ? { hash: u.passwordHash, salt: u.passwordSalt } : null,
            record: records.get(u.uid) ?? null,
          });
        }
        pageToken = page.pageToken;
      } while (pageToken);
      return out;
    },
    products: () => all('products'),
    async languages() {
      const [en, se] = await firestore.getAll(firestore.doc('languages/en'), firestore.doc('languages/se'));
      return { en: en?.exists ? en.data()! : null, se: se?.exists ? se.data()! : null };
    },
    async status() {
      const snap = await firestore.doc('app/status').get();
      const active: unknown = snap.get('active');
      return typeof active === 'boolean' ? active : null;
    },
    async uploads() {
      const out = new Map<string, SourceObject>();
      let query: { prefix: string; autoPaginate: false; maxResults: number; pageToken?: string } | null = {
        prefix: 'Uploads/',
        autoPaginate: false,
        maxResults: 1000,
      };
      while (query) {
        const answer = await bucket.getFiles(query);
        const files = answer[0];
        const next: unknown = answer[1];
        for (const f of files) {
          out.set(f.name, {
            md5: String(f.metadata.md5Hash ?? f.metadata.etag ?? ''),
            size: Number(f.metadata.size ?? 0),
            contentType: String(f.metadata.contentType ?? ''),
          });
        }
        query = next && (next as { pageToken?: string }).pageToken ? { ...query, ...next } : null;
      }
      return out;
    },
    async download(path) {
      const [data] = await bucket.file(path).download();
      return data;
    },
    async close() {
      await firestore.terminate();
      await deleteApp(app);
    },
  };
}

/**
 * The object path an image address of a product names: a download address (…/o/Uploads%2F…?alt=media…), a gs://
 * address or a plain path; null when it is none of these.
 */
export function objectPathOf(address: string, bucket: string): string | null {
  const download = /\/v0\/b\/([^/]+)\/o\/([^?#]+)/.exec(address);
  if (download) return download[1] === bucket ? decodeURIComponent(download[2]!) : null;
  const gs = /^gs:\/\/([^/]+)\/(.+)$/.exec(address);
  if (gs) return gs[1] === bucket ? gs[2]! : null;
  if (/^[^:]+$/.test(address)) return address.replace(/^\/+/, '');
  return null;
}
