import { createElement, lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import { messages } from '../../domain/messages';
import type { ResourceDefinition } from '../types';

const LanguageEditor = lazy(() => import('./LanguageEditor'));
const t = messages.languages;

/** The languages resource (editors): its sidebar group and the two text editors, under /languages (spec §2). */
export default {
  name: 'languages',
  area: 'languages',
  icon: TranslateIcon,
  menu: {
    label: messages.menu.languages,
    items: [
      { path: 'english', label: messages.menu.english },
      { path: 'swedish', label: messages.menu.swedish },
    ],
  },
  pages: [
    { path: 'english', element: createElement(LanguageEditor, { languageId: 'en', title: t.english }) },
    { path: 'swedish', element: createElement(LanguageEditor, { languageId: 'se', title: t.swedish }) },
  ],
} satisfies ResourceDefinition;
