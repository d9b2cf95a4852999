import type { Product } from '../../domain/products';
import { productDescription } from '../../domain/productFields';
import { readDocument } from '../../domain/resourceDocument';
import type { ResourceDescription } from '../../domain/resourceDescription';
import type { User } from '../../domain/users';

// Firestore documents as the screens know them. This file uses no SDK: values that are SDK classes (Timestamp,
// GeoPoint, DocumentReference) are read through their own toDate/toJSON, so it stays out of the sign-in chunk.

type Data = Record<string, unknown>;

/** A Firestore time (Timestamp), an ISO text or a Date as ISO text; null for anything else (missing, pending). */
export function isoOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === 'object' && 'toDate' in value && typeof value.toDate === 'function') {
    const d: unknown = value.toDate();
    return d instanceof Date ? d.toISOString() : null;
  }
  return null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');
const bool = (v: unknown): boolean => v === true;

/** The stored value with keys sorted and SDK classes as their JSON, so equal content always prints the same. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const proto: unknown = Object.getPrototypeOf(value);
    if (proto !== Object.prototype && proto !== null && 'toJSON' in value && typeof value.toJSON === 'function') {
      return { $: (value.constructor as { name?: string }).name ?? '', v: canonical(value.toJSON()) };
    }
    const rec = value as Data;
    return Object.fromEntries(
      Object.keys(rec)
        .sort()
        .map((k) => [k, canonical(rec[k])]),
    );
  }
  return value;
}

/**
 * The version the conflict check compares: a 53-bit hash (cyrb53) of the document's whole content. Firestore's web
 * SDK does not show a document's update time, and a version field of our own would be missed by anyone writing with
 * another client (the storefront's tools, the original console) and would add a key to the language maps.
 */
export function fingerprint(data: Data | undefined): number {
  const s = JSON.stringify(canonical(data ?? null));
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** users/{uid} as the screens' User (the document id is the uid). */
export function toUser(id: string, d: Data): User {
  return {
    id,
    uid: text(d.uid) || id,
    email: text(d.email),
    firstName: text(d.firstName),
    lastName: text(d.lastName),
    userType: text(d.userType),
    active: bool(d.active),
    isAdmin: bool(d.isAdmin),
    isEditor: bool(d.isEditor),
    created: isoOf(d.created) ?? '',
    updated: isoOf(d.updated),
  };
}

/**
 * products/{id} as the screens' Product: its fields and translations as the products' description (`d`) reads them
 * (domain/resourceDocument.ts, the reader of every described document: a field the document lacks, written before it
 * was added, as its empty value); Firebase has no thumbnails of its own, so they are the images.
 */
export function toProduct(id: string, data: Data, d: ResourceDescription = productDescription): Product {
  const fields = readDocument(d, data);
  const images = Array.isArray(fields.images) ? (fields.images as string[]) : [];
  return {
    id,
    ...fields,
    thumbnails: images,
    primary: typeof data.primary === 'string' ? data.primary : (images[0] ?? null),
    version: fingerprint(data),
    created: isoOf(data.created) ?? '',
    updated: isoOf(data.updated),
  } as Product;
}

/** languages/{id}: the document is the flat text map itself. */
export interface LanguageRecord {
  id: string;
  texts: Record<string, string | boolean>;
  version: number;
  updated: string;
}

/** languages/{en|se} as the editor's record: strings and booleans kept, anything else shown as its text. */
export function toLanguage(id: string, d: Data): LanguageRecord {
  const texts: Record<string, string | boolean> = {};
  for (const [k, v] of Object.entries(d))
    texts[k] = typeof v === 'boolean' || typeof v === 'string' ? v : JSON.stringify(v);
  return { id, texts, version: fingerprint(d), updated: '' };
}
