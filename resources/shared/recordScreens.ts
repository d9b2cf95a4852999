import type { ComponentType } from 'react';
import type { Catalogue } from '../../domain/messages';
import type { Area } from '../../domain/permissions';
import type { RecordsResource } from '../../domain/records';

/** The texts of a simple resource's screens. */
export interface RecordsTexts {
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
  /** Each field's label. */
  fields: Record<string, string>;
}

export interface RecordsScreens {
  /** Must equal the description's name and area (checked when its pages load). */
  name: string;
  area: Area;
  icon: ComponentType;
  /** Its texts, from the chosen language's catalogue (a test fixture may give literals). */
  texts: (m: Catalogue) => RecordsTexts;
  /**
   * The description (domain/records.ts), loaded with the pages: it holds zod schemas, which stay out of the
   * console's first download (docs/decisions.md, 'No zod in the browser bundle').
   */
  load: () => Promise<RecordsResource>;
  /** The list's columns, by field. */
  columns: readonly string[];
  /** A row on a phone: the field shown first, and those joined under it. */
  phone: { primary: string; secondary: readonly string[] };
}

/** Paths of a simple resource's pages under /<name>/. */
export const recordPaths = { list: 'list', add: 'add', edit: 'edit', search: 'search' } as const;
