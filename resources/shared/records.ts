import { createElement } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { ResourceDefinition } from '../types';
import type { RecordsDescription } from '../../domain/records';
import { catalogues, DEFAULT_LOCALE, LOCALES } from '../../domain/locales';
import type { Catalogue } from '../../domain/messages';
import { lazyPage } from '../../base/lazyPage';
import { recordPaths, type RecordsScreens, type RecordsTexts } from './recordScreens';

export type { RecordsScreens, RecordsTexts, ResourceTexts } from './recordScreens';

/** The texts in the catalogue's language (a sidebar label is handed the catalogue, not its language). */
const textsFor = (s: RecordsScreens, m: Catalogue): RecordsTexts =>
  s.texts[LOCALES.find((l) => catalogues[l] === m) ?? DEFAULT_LOCALE];

/**
 * A simple resource's screens from its folder (resources/<name>/): the sidebar group (list, add, search) and the five
 * pages (a paged table, add, edit with the version check, exact search, CSV import), all shared
 * (resources/shared/RecordPages.tsx).
 */
export function recordsResource<D extends RecordsDescription>(screens: RecordsScreens<D>): ResourceDefinition {
  const s = screens as unknown as RecordsScreens;
  const page = (kind: 'List' | 'Create' | 'Edit' | 'Search' | 'Import') =>
    lazyPage(async () => {
      const pages = await import('./RecordPages');
      const Page = pages[`Record${kind}`];
      return { default: () => createElement(Page, { screens: s }) };
    });
  const list = page('List');
  const { name, area } = s.description;
  return {
    name,
    area,
    icon: s.icon,
    preload: list.preload,
    menu: {
      label: (m) => textsFor(s, m).menu,
      items: [
        { path: recordPaths.list, label: (m) => textsFor(s, m).list },
        { path: recordPaths.add, label: (m) => textsFor(s, m).add, icon: AddIcon },
        { path: recordPaths.search, label: (m) => textsFor(s, m).search, icon: SearchIcon },
      ],
    },
    pages: [
      { path: recordPaths.list, element: createElement(list) },
      { path: recordPaths.add, element: createElement(page('Create')) },
      { path: `${recordPaths.edit}/:id`, element: createElement(page('Edit')) },
      { path: recordPaths.search, element: createElement(page('Search')) },
      { path: recordPaths.import, element: createElement(page('Import')) },
    ],
  };
}
