import {
  describeResource,
  fieldsOfResource,
  hasTranslations,
  kindOf,
  RECORD_LANGUAGES,
  type FieldDescription,
  type ResourceDescription,
} from '../../../domain/resourceDescription.js';
import { pad, type SampleContext } from '../../../domain/fieldKinds.js';

// Values for any described resource, by field kind, and a made-up resource with a field of every kind: what the one
// test of every described resource (tests/server/routes/describedResources.test.ts) and the Firebase provider's
// (tests/firebase/provider/described.test.ts) add, edit and look for.

/** A resource with a field of every kind (its table is made by the steps `npm run resources` would write). */
export const everyKind = describeResource({
  name: 'every_kind',
  area: 'products',
  access: { read: 'signedIn', edit: 'editor', delete: 'admin' },
  fields: {
    title: { kind: 'line', max: 80, unique: true, search: true },
    body: { kind: 'translated', as: 'text', max: 500, search: true },
    tone: { kind: 'choice', options: ['calm', 'bright', 'dark'] },
    price: { kind: 'number', min: -50, max: 10_000, decimals: 2 },
    count: { kind: 'integer', max: 1000 },
    done: { kind: 'boolean' },
    pictures: { kind: 'images', max: 2 },
    supplier: { kind: 'reference', to: 'suppliers', optional: true },
    country: { kind: 'country', optional: true },
    email: { kind: 'email', optional: true },
    notes: { kind: 'text', max: 200, exported: false },
    code: { kind: 'line', max: 20, locked: true, optional: true },
    day: { kind: 'date' },
    starts: { kind: 'datetime', optional: true },
    tags: { kind: 'choices', options: ['soft', 'warm', 'light grey'] },
    makers: { kind: 'references', to: 'suppliers', max: 2, optional: true },
  },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});

export type Values = Record<string, unknown>;
/** What a generated value may point to: an uploaded image, a record of each resource a reference names. */
export type Context = SampleContext;

export { pad } from '../../../domain/fieldKinds.js';

/**
 * A valid value of a field for the n-th record, as the server answers it (its kind's sample, domain/fieldKinds.ts):
 * growing with n where the kind has an order, distinct for every n where a field is unique.
 */
export const valueOf = (f: FieldDescription, n: number, ctx: Context): unknown => kindOf(f).sample(f, n, ctx);

/** The n-th record's body for an add: every field, and its Swedish texts. */
export function bodyOf(d: ResourceDescription, n: number, ctx: Context): Values {
  const out: Values = Object.fromEntries(fieldsOfResource(d).map(([k, f]) => [k, valueOf(f, n, ctx)]));
  if (hasTranslations(d))
    out.translations = Object.fromEntries(
      RECORD_LANGUAGES.map((l) => [
        l,
        Object.fromEntries(
          fieldsOfResource(d)
            .filter(([, f]) => f.kind === 'translated')
            .map(([k]) => [k, `Svensk${pad(n)} text`]),
        ),
      ]),
    );
  return out;
}
