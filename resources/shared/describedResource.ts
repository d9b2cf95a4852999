import { createElement, type ComponentType } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import type { ResourceDefinition } from '../types';
import { mayActOnResource, type ResourceDescription } from '../../domain/resourceDescription';
import { catalogues, DEFAULT_LOCALE, LOCALES } from '../../domain/locales';
import type { Catalogue } from '../../domain/messages';
import { lazyPage } from '../../base/lazyPage';
import { recordFieldLabels } from './recordLabels';
import type { RecordPage, ResourceScreens, ResourceLocaleTexts } from './recordScreens';
import { recordViewPath, useSavedViewItems } from './savedViews';

export type { RecordPage, ResourceScreens, ResourceLocaleTexts, ResourceTexts } from './recordScreens';

type Page = ComponentType<{ screens: ResourceScreens }>;

/** The shared pages, each its own module (loaded when its page first opens). */
const SHARED: Record<RecordPage, () => Promise<Page>> = {
  list: () => import('./RecordList').then((x) => x.RecordList),
  create: () => import('./RecordCreate').then((x) => x.RecordCreate),
  edit: () => import('./RecordEdit').then((x) => x.RecordEdit),
  show: () => import('./RecordShow').then((x) => x.RecordShow),
  search: () => import('./RecordSearch').then((x) => x.RecordSearch),
  import: () => import('./RecordImport').then((x) => x.RecordImport),
};

/** The texts in the catalogue's language (a sidebar label is handed the catalogue, not its language). */
const textsFor = (s: ResourceScreens, m: Catalogue): ResourceLocaleTexts =>
  s.texts[LOCALES.find((l) => catalogues[l] === m) ?? DEFAULT_LOCALE];

/**
 * A described resource's screens from its folder (resources/<name>/): the sidebar group (list, add, search) and the six
 * pages (a paged table, add, edit with the version check, show for those who may read but not edit, exact search, CSV
 * import), shared (resources/shared/RecordList.tsx and its siblings) unless the folder gives one of its own (`own`).
 * The first four are react-admin's views on its own paths (/<name>, /<name>/create, /<name>/:id, /<name>/:id/show),
 * search and import sit beside them (/<name>/search, /<name>/import), and the addresses they had before still open
 * them. The sidebar and each page's guard follow the description's access, not only its area's.
 */
export function describedResource<D extends ResourceDescription>(screens: ResourceScreens<D>): ResourceDefinition {
  const s = screens as unknown as ResourceScreens;
  const page = (kind: RecordPage) =>
    lazyPage(async () => {
      const own = s.own?.[kind];
      const Page = own ? (await own()).default : await SHARED[kind]();
      return { default: () => createElement(Page, { screens: s }) };
    });
  const list = page('list');
  const { name, area } = s.description;
  return {
    name,
    area,
    icon: s.icon,
    screens: s,
    may: (user, action) => mayActOnResource(user, s.description, action),
    history: {
      label: (m) => textsFor(s, m).menu,
      fields: (m) => recordFieldLabels(s.description, textsFor(s, m), m),
      options: (m) => textsFor(s, m).options,
    },
    preload: list.preload,
    menu: {
      label: (m) => textsFor(s, m).menu,
      items: [
        { path: '', label: (m) => textsFor(s, m).list },
        { path: 'create', label: (m) => textsFor(s, m).add, icon: AddIcon, action: 'create' },
        { path: 'search', label: (m) => textsFor(s, m).search, icon: SearchIcon },
      ],
      // With `views: true`, the person's saved views of the list and those shared with all staff.
      ...(s.description.views
        ? { useMoreItems: () => useSavedViewItems(s.description, (p) => recordViewPath(s.description, p)) }
        : {}),
    },
    views: {
      list: createElement(list),
      create: createElement(page('create')),
      edit: createElement(page('edit')),
      show: createElement(page('show')),
    },
    pages: [
      { path: 'search', element: createElement(page('search')) },
      { path: 'import', element: createElement(page('import')), action: 'create' },
    ],
    // Their addresses before they were react-admin's (bookmarks, links in old mail).
    moved: [
      { path: 'list', to: 'list' },
      { path: 'add', to: 'create' },
      { path: 'edit/:id', to: 'edit' },
      { path: 'show/:id', to: 'show' },
    ],
  };
}
