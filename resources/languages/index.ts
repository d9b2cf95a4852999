import { createElement } from 'react';
import { lazyPage } from '../../base/lazyPage';
import TranslateIcon from '@mui/icons-material/Translate';
import type { ResourceDefinition } from '../types';

const LanguageEditor = lazyPage(() => import('./LanguageEditor'));
/** The languages resource (editors): its sidebar group and the two text editors, under /languages. */
export default {
  name: 'languages',
  area: 'languages',
  // Its list's code is fetched once the console is idle, so the first click on the sidebar shows it at once.
  preload: LanguageEditor.preload,
  icon: TranslateIcon,
  menu: {
    label: (m) => m.menu.languages,
    items: [
      { path: 'english', label: (m) => m.menu.english },
      { path: 'swedish', label: (m) => m.menu.swedish },
    ],
  },
  pages: [
    {
      path: 'english',
      element: createElement(LanguageEditor, { languageId: 'en', title: (m) => m.languages.english }),
    },
    {
      path: 'swedish',
      element: createElement(LanguageEditor, { languageId: 'se', title: (m) => m.languages.swedish }),
    },
  ],
} satisfies ResourceDefinition;
