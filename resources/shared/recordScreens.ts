import type { ComponentType } from 'react';
import type { Locale } from '../../domain/locales';
import type { ResourceDescription } from '../../domain/resourceDescription';

/** The texts of a described resource's screens, in one language. */
export interface ResourceLocaleTexts<K extends string = string> {
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
  /**
   * Each choice and choices field's options as staff read them, by field then stored value
   * ({ fabric: { linen: 'Linne' } }); an option without one shows its value (tests/unit checks every option has one).
   */
  options?: Readonly<Partial<Record<K, Readonly<Record<string, string>>>>>;
}

/** A resource's texts in every language of the console (resources/<name>/texts.ts); a missing key does not compile. */
export type ResourceTexts<D extends ResourceDescription> = Readonly<
  Record<Locale, ResourceLocaleTexts<keyof D['fields'] & string>>
>;

export interface ResourceScreens<D extends ResourceDescription = ResourceDescription> {
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
  own?: Partial<Record<RecordPage, () => Promise<{ default: ComponentType<{ screens: ResourceScreens }> }>>>;
}

/**
 * The pages every described resource has: react-admin's four views, and search and import beside them. Where each is:
 * `useRecordPath` (resources/shared/recordHooks.ts).
 */
export type RecordPage = 'list' | 'create' | 'edit' | 'show' | 'search' | 'import';
