import { createElement, lazy, type ComponentType } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { Catalogue } from '../../domain/messages';
import type { Area } from '../../domain/permissions';
import type { RecordsResource } from '../../domain/records';
import type { ResourceDefinition } from '../types';

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

/**
 * A simple resource's screens from its description: the sidebar group (list, add, search) and the four pages (a paged
 * table, add, edit with the version check, exact search), all shared (resources/shared/RecordPages.tsx).
 */
export function recordsResource(s: RecordsScreens): ResourceDefinition {
  const page = (kind: 'List' | 'Create' | 'Edit' | 'Search') =>
    createElement(
      lazy(async () => {
        const [records, pages] = await Promise.all([s.load(), import('./RecordPages')]);
        if (records.name !== s.name || records.area !== s.area) throw new Error(`${s.name}: the screens and the description disagree on name or area`);
        const Page = pages[`Record${kind}`];
        return { default: () => createElement(Page, { records, screens: s }) };
      }),
    );
  return {
    name: s.name,
    area: s.area,
    icon: s.icon,
    menu: {
      label: (m) => s.texts(m).menu,
      items: [
        { path: recordPaths.list, label: (m) => s.texts(m).list },
        { path: recordPaths.add, label: (m) => s.texts(m).add, icon: AddIcon },
        { path: recordPaths.search, label: (m) => s.texts(m).search, icon: SearchIcon },
      ],
    },
    pages: [
      { path: recordPaths.list, element: page('List') },
      { path: recordPaths.add, element: page('Create') },
      { path: `${recordPaths.edit}/:id`, element: page('Edit') },
      { path: recordPaths.search, element: page('Search') },
    ],
  };
}
