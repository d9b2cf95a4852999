import type { ComponentType } from 'react';
import type { Locale } from '../../domain/locales';
import type { RecordsDescription } from '../../domain/records';

/** The texts of a described resource's screens, in one language. */
export interface RecordsTexts<K extends string = string> {
  /** The sidebar group's heading and its list link. */
  menu: string;
  list: string;
  add: string;
  edit: string;
  search: string;
  /** The search field's label. */
  searchField: string;
  empty: string;
  failed: string;
  /** Each field's label: one for every field of the description (the type refuses a missing one). */
  fields: Readonly<Record<K, string>>;
  /** A choice field's options as staff read them, by value (an option without one shows its value). */
  options?: Readonly<Record<string, string>>;
}

/** A resource's texts in every language of the console (resources/<name>/texts.ts); a missing key does not compile. */
export type ResourceTexts<D extends RecordsDescription> = Readonly<
  Record<Locale, RecordsTexts<keyof D['fields'] & string>>
>;

export interface RecordsScreens<D extends RecordsDescription = RecordsDescription> {
  /** The description (resources/<name>/description.ts): plain data, so it loads with the console at no cost. */
  description: D;
  texts: ResourceTexts<D>;
  icon: ComponentType;
  /** The list's columns, by field. */
  columns: readonly (keyof D['fields'] & string)[];
  /** A row on a phone: the field shown first, and those joined under it. */
  phone: { primary: keyof D['fields'] & string; secondary: readonly (keyof D['fields'] & string)[] };
  /**
   * Screens of the resource's own in place of the shared ones, by page: each a module loaded when its page first
   * opens, whose default component is handed these same screens (so it may show the shared page with more around it:
   * `RecordEdit` from resources/shared/RecordEdit.tsx, and so on).
   */
  own?: Partial<Record<RecordPage, () => Promise<{ default: ComponentType<{ screens: RecordsScreens }> }>>>;
}

/**
 * The pages every described resource has: react-admin's four views, and search and import beside them. Where each is:
 * `useRecordPath` (resources/shared/recordHooks.ts).
 */
export type RecordPage = 'list' | 'create' | 'edit' | 'show' | 'search' | 'import';
