// A field of a described resource, as plain data (no imports): read by domain/resourceDescription.ts, which describes
// resources, and by domain/fieldKinds.ts, which says what each kind is; a module of its own so neither imports the
// other's types.

/** What a field holds: each kind's entry in domain/fieldKinds.ts says what it is, rule, storage and all. */
export type FieldKind =
  | 'line'
  | 'text'
  | 'email'
  | 'country'
  | 'boolean'
  | 'integer'
  | 'translated'
  | 'choice'
  | 'number'
  | 'images'
  | 'reference'
  | 'date'
  | 'datetime'
  | 'choices'
  | 'references';

export interface FieldDescription {
  kind: FieldKind;
  /**
   * line, text, translated: the most characters (required); integer and number: the largest value (integer: default
   * 2^31 - 1; number: required); images: the most images (default MAX_IMAGES); references: the most records (default
   * 20).
   */
  max?: number;
  /** integer and number: the smallest value (default 0). */
  min?: number;
  /**
   * A line, email, country, translated, choice, choices, reference, references, date or datetime that may be left
   * empty.
   */
  optional?: boolean;
  /**
   * No two records share its value; the add and edit pages show the refusal beside it. true: compared as the find box
   * compares (a text kind: case and accents folded, domain/searchFold.ts, so 'örngottstyg' is refused beside
   * 'Örngottstyg'); 'exact': compared as stored (a code whose case means something).
   */
  unique?: boolean | 'exact';
  /** Set when the record is added, never changed after. */
  locked?: boolean;
  /** translated: one line or free text (default 'line'). */
  as?: 'line' | 'text';
  /** choice, choices: the values it may hold (stored as they are; the screens' texts name them). */
  options?: readonly string[];
  /** number: the most digits after the point, 0..6 (default 2). */
  decimals?: number;
  /** reference, references: the described resource it points to, by name ('products' for a product). */
  to?: string;
  /**
   * Found by the list's partial-name search (?q=): every word anywhere in it, any case, in every language of a
   * translated field; both databases alike.
   */
  search?: boolean;
  /** In the CSV export and import (default true). */
  exported?: boolean;
  /**
   * The field's earlier name, when it was renamed: `npm run resources` writes the migration that renames its column,
   * values and all (docs/adding-a-resource.md, 'Changing a description'). May stay once the migration is written.
   */
  renamedFrom?: string;
  /**
   * The value the records there are get when the field is added to a table that has some: a field that cannot be
   * empty needs one (`npm run resources` stops without it); it must pass the field's own rule.
   */
  fill?: string | number | boolean;
  /**
   * The storefront feed shows the field: /api/public/products for products, /api/public/<name> for a described
   * resource, whose every record is then public (default: it does not).
   */
  publish?: boolean;
}
