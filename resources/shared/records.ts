import { createElement } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { ResourceDefinition } from '../types';
import { lazyPage } from '../../src/lazyPage';
import { recordPaths, type RecordsScreens } from './recordScreens';

export type { RecordsScreens, RecordsTexts } from './recordScreens';

/**
 * A simple resource's screens from its description: the sidebar group (list, add, search) and the four pages (a paged
 * table, add, edit with the version check, exact search), all shared (resources/shared/RecordPages.tsx).
 */
export function recordsResource(s: RecordsScreens): ResourceDefinition {
  const page = (kind: 'List' | 'Create' | 'Edit' | 'Search') =>
    lazyPage(async () => {
      const [records, pages] = await Promise.all([s.load(), import('./RecordPages')]);
      if (records.name !== s.name || records.area !== s.area) throw new Error(`${s.name}: the screens and the description disagree on name or area`);
      const Page = pages[`Record${kind}`];
      return { default: () => createElement(Page, { records, screens: s }) };
    });
  const list = page('List');
  return {
    name: s.name,
    area: s.area,
    icon: s.icon,
    preload: list.preload,
    menu: {
      label: (m) => s.texts(m).menu,
      items: [
        { path: recordPaths.list, label: (m) => s.texts(m).list },
        { path: recordPaths.add, label: (m) => s.texts(m).add, icon: AddIcon },
        { path: recordPaths.search, label: (m) => s.texts(m).search, icon: SearchIcon },
      ],
    },
    pages: [
      { path: recordPaths.list, element: createElement(list) },
      { path: recordPaths.add, element: createElement(page('Create')) },
      { path: `${recordPaths.edit}/:id`, element: createElement(page('Edit')) },
      { path: recordPaths.search, element: createElement(page('Search')) },
    ],
  };
}
