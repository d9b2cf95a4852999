import {
  fieldsOfResource,
  hasTranslations,
  kindOf,
  RECORD_LANGUAGES,
  type RecordTranslations,
  type ResourceDescription,
} from './resourceDescription.js';

// A Firestore document as its description reads it: the one reader of a product's (products/{id}) and of every
// described resource's document, for the Firebase provider (providers/firebase/documents.ts, described.ts) and the
// Firebase import (server/firebaseImport/apply.ts). A stored document may have been written by an older version (a
// field added since is missing), by hand in the Firebase console or by another client (a value of another type, keys
// the description does not know), so reading one never throws and never keeps what the description does not say:
// - each described field is read by its kind (domain/fieldKinds.ts, fromDocument): a missing value, or one of a type
//   the kind cannot read, is the kind's empty value ('' , 0, false, []), a choice not among its options is '';
// - any other key of the document is left out (id, version and times are the caller's);
// - `translations` (when the description has a translated field) keeps only the catalogue's other languages, in each
//   only the description's translated fields, only non-empty texts; a language left with nothing is dropped, and
//   anything that is not a map where a map belongs reads as nothing.
// What is read is what an edit writes back (the whole translations map), so an odd entry never survives a save for
// the generated rules to refuse.

type Data = Record<string, unknown>;

const isMap = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);

/** A stored `translations` map ({ se: { body } }) in its one form (see above). */
export function readTranslations(d: ResourceDescription, v: unknown): RecordTranslations {
  const out: RecordTranslations = {};
  if (!isMap(v)) return out;
  const translated = fieldsOfResource(d).filter(([, f]) => f.kind === 'translated');
  for (const lang of RECORD_LANGUAGES) {
    const texts = v[lang];
    if (!isMap(texts)) continue;
    for (const [k] of translated) {
      const t = texts[k];
      if (typeof t === 'string' && t !== '') (out[lang] ??= {})[k] = t;
    }
  }
  return out;
}

/** A document's described fields, each by its kind, and its `translations` when the description has translated ones. */
export function readDocument(d: ResourceDescription, data: Data): Data {
  const out = Object.fromEntries(fieldsOfResource(d).map(([k, f]) => [k, kindOf(f).fromDocument(data[k], f)]));
  if (hasTranslations(d)) out.translations = readTranslations(d, data.translations);
  return out;
}

/**
 * The keys a product document may hold: its described fields, its translations and its primary image. The generated
 * Firestore rules take no others (scripts/firestoreRules.ts, productRulesOf), and the Firebase provider names any
 * other a stored document holds instead of sending a save the rules would refuse.
 */
export const productDocumentKeys = (d: ResourceDescription): string[] => [
  ...fieldsOfResource(d).map(([k]) => k),
  'translations',
  'primary',
];
