import { productDescription, TRANSLATED_LANGUAGES, type Translations } from './productFields.js';
import { fieldsOfResource, kindOf, type ResourceDescription } from './resourceDescription.js';

// A product's Firestore document (products/{id}) as the products' description reads it, for the Firebase provider
// (providers/firebase/documents.ts) and the Firebase import (server/firebaseImport/apply.ts): each described field by
// its kind (domain/fieldKinds.ts, fromDocument), so a field added to the description is read by both without a line
// here, and a document written before the field was added reads as the field's empty value.

type Data = Record<string, unknown>;

/** The described fields of a product document, each as its kind reads it (missing or odd: the kind's empty value). */
export function productFieldsOf(data: Data, d: ResourceDescription = productDescription): Data {
  return Object.fromEntries(fieldsOfResource(d).map(([k, f]) => [k, kindOf(f).fromDocument(data[k], f)]));
}

const isMap = (v: unknown): v is Data => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * A product document's `translations` map ({ se: { name, details } }) in its one form: only the catalogue's other
 * languages and the description's translated fields, only strings, empty texts and languages with nothing left
 * dropped, so a document written by another client with odd entries still reads as ours.
 */
export function productTranslationsOf(v: unknown, d: ResourceDescription = productDescription): Translations {
  if (!isMap(v)) return {};
  const translated = fieldsOfResource(d).filter(([, f]) => f.kind === 'translated');
  const out: Record<string, Record<string, string>> = {};
  for (const lang of TRANSLATED_LANGUAGES) {
    const texts = v[lang];
    if (!isMap(texts)) continue;
    for (const [k] of translated) {
      const t = texts[k];
      if (typeof t === 'string' && t !== '') (out[lang] ??= {})[k] = t;
    }
  }
  return out as Translations;
}
