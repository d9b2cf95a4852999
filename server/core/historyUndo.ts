import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { ProductUpdate, type Product } from '../../domain/products.js';
import { UNDOABLE_PRODUCT_FIELDS, type HistoryDiff } from '../../domain/history.js';
import { flatTranslations, TRANSLATED_FIELDS, translationsOfFlat } from '../../domain/productFields.js';
import { DomainError } from './errors.js';
import { getEntry } from './history.js';
import { getProduct, updateProduct } from './products.js';
import { issueSaid, said } from '../../domain/translate.js';

const undoable = new Set<string>(UNDOABLE_PRODUCT_FIELDS);
const translated = new Set<string>(TRANSLATED_FIELDS.map((tf) => tf.key));

/** A recorded value as the product holds it: a translated text the history has as null (none) is ''. */
const held = (field: string, v: unknown): unknown => (translated.has(field) ? (v ?? '') : v);

/** True when a field of a recorded change no longer holds the value the change gave it: a newer change came since. */
export function changedAgain(diff: HistoryDiff, current: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(diff).some((f) => JSON.stringify(current[f]) !== JSON.stringify(held(f, diff[f]![1])));
}

/** The values a recorded change replaced, by field, as the product holds them: what its undo sets back. */
export const oldValues = (diff: HistoryDiff): Record<string, unknown> =>
  Object.fromEntries(Object.keys(diff).map((f) => [f, held(f, diff[f]![0])]));

/**
 * Sets the fields of one product change back to their old values, as an edit from `version` (the If-Match the
 * editor sends): the same rules and the same 409 as an edit, recorded in the history like any edit. Refused for
 * anything but a product's field change (accounts, passwords, language texts, app status), and when a field has
 * changed again since, so an undo never silently overwrites a newer change. Translated texts ('name_se') go back as a
 * `translations` change: one that was missing before is cleared.
 */
export async function undoEntry(
  db: Kysely<Database>,
  actor: { uid: string },
  entryId: number,
  version: number,
): Promise<Product> {
  const entry = await getEntry(db, entryId);
  const fields = Object.keys(entry.diff);
  if (
    entry.kind !== 'product' ||
    entry.action !== 'changed' ||
    fields.length === 0 ||
    !fields.every((f) => undoable.has(f))
  ) {
    throw new DomainError('validation', said('history.notUndoable'));
  }
  const product = await getProduct(db, entry.recordId);
  // Checked against the version the edit will be made from, so the check and the write see the same product.
  if (product.version !== version)
    throw new DomainError('conflict', said('products.stale'), { current: product.version });
  if (changedAgain(entry.diff, { ...product, ...flatTranslations(product.translations) }))
    throw new DomainError('conflict', said('history.changedSince'));
  const old = oldValues(entry.diff);
  const translations = translationsOfFlat(old);
  const plain = Object.fromEntries(fields.filter((f) => !translated.has(f)).map((f) => [f, old[f]]));
  const parsed = ProductUpdate.safeParse(Object.keys(translations).length > 0 ? { ...plain, translations } : plain);
  if (!parsed.success)
    throw new DomainError('validation', issueSaid(parsed.error.issues[0]?.message ?? said('history.notUndoable')));
  return updateProduct(db, actor, entry.recordId, version, parsed.data);
}
