import type { Generated } from 'kysely';
import type { FieldKind } from '../../domain/resourceDescription.js';
import type { productDescription } from '../../domain/productFields.js';

/** Table shapes as Kysely sees them. Booleans are 0/1 integers and times ISO-8601 text on both dialects. */
export interface UsersTable {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  user_type: string;
  active: number;
  is_admin: number;
  is_editor: number;
  created: string;
  updated: string | null;
}

export interface AppStatusTable {
  id: string;
  active: number;
  updated: string;
}

export interface LanguagesTable {
  id: string;
  texts: string;
  version: number;
  updated: string;
  updated_by: string | null;
}

export interface ThrottleTable {
  key: string;
  count: number;
  reset_at: string;
}

/**
 * A described field's column type by its kind: its kind's stored form (domain/fieldKinds.ts, `column`: a boolean as
 * 0/1 and the numbers as integers, the rest text). tests/unit/domain/storedColumns.test.ts checks they agree.
 */
export type StoredOf<K extends FieldKind> = K extends 'boolean' | 'integer' | 'number' ? number : string;
/** The columns of a description's fields, each named after its field (an optional one has its default: ''). */
export type DescribedColumns<F> = {
  -readonly [K in keyof F]: F[K] extends { kind: infer Kind extends FieldKind }
    ? F[K] extends { optional: true }
      ? Generated<StoredOf<Kind>>
      : StoredOf<Kind>
    : never;
};

/** The products table: its described fields' columns (domain/productFields.ts), and its own. */
export interface ProductsTable extends DescribedColumns<typeof productDescription.fields> {
  id: string;
  /** JSON: the name and details in the other catalogue languages (migration 008). */
  translations: string;
  /** Every language's name and the SKU, space-separated and folded (migration 020): what the name search tests. */
  search_text: string;
  /** The languages some translated text is missing in, as ',se,' ('' when none). */
  untranslated: string;
  primary_image: string | null;
  version: number;
  created: string;
  updated: string | null;
  created_by: string | null;
  updated_by: string | null;
  /** When the scheduler makes the product active, ISO-8601 UTC; null: not scheduled, or applied (migration 012). */
  active_from: string | null;
  /** When the scheduler makes the product inactive, the same way. */
  active_until: string | null;
}

export interface FilesTable {
  key: string;
  owner: string;
  content_type: string;
  size: number;
  width: number;
  height: number;
  /** The widths of the WebP sizes made, comma-separated ('400,800'); '' when none (migration 010). */
  variants: Generated<string>;
  created: string;
}

export interface HistoryTable {
  /** Made by the database (a sequence): never written by us. */
  seq: Generated<number>;
  at: string;
  actor: string | null;
  actor_name: string;
  kind: string;
  resource: string | null;
  record_id: string;
  action: string;
  diff: string;
  /** The bulk edit the entry was made in (migration 015); null otherwise. */
  batch: string | null;
}

export interface SavedViewsTable {
  id: string;
  owner: string;
  /** The resource whose list it narrows ('products' for the views saved before any other list kept them). */
  resource: string;
  name: string;
  /** JSON: the list's search, filters and order (domain/views.ts). */
  params: string;
  shared: number;
  created: string;
}

export interface WebhooksTable {
  id: string;
  url: string;
  secret: string;
  created: string;
  created_by: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  kind: string;
  body: string;
  status: string;
  attempts: number;
  next_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_status: number | null;
  last_error: string | null;
  created: string;
  finished: string | null;
}

/** The last time step of an authenticator app's code each account used (migration 016). */
export interface TotpStepsTable {
  user_id: string;
  step: number | string;
}

/** A password hash brought from Firebase, waiting for the person's first sign-in (migration 019). */
export interface FirebasePasswordsTable {
  user_id: string;
  hash: string;
  salt: string;
  signer_key: string;
  salt_separator: string;
  rounds: number;
  mem_cost: number;
  imported: string;
}

/** A Storage object the Firebase import copied, and where it went (migration 019). */
export interface FirebaseFilesTable {
  /** bucket/path of the object. */
  source: string;
  md5: string;
  address: string;
  imported: string;
}

/** A described record's scheduled change, still pending (migration 025; core/scheduledChanges.ts). */
export interface ScheduledChangesTable {
  id: string;
  resource: string;
  record_id: string;
  field: string;
  /** The value as JSON, as the API takes it. */
  value: string;
  /** When it applies (ISO-8601 UTC). */
  due: string;
  created: string;
  created_by: string | null;
}

export interface Database {
  products: ProductsTable;
  files: FilesTable;
  users: UsersTable;
  app_status: AppStatusTable;
  languages: LanguagesTable;
  throttle: ThrottleTable;
  history: HistoryTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  saved_views: SavedViewsTable;
  totp_steps: TotpStepsTable;
  firebase_passwords: FirebasePasswordsTable;
  firebase_files: FirebaseFilesTable;
  scheduled_changes: ScheduledChangesTable;
}
