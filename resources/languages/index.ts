import { createElement, lazy } from 'react';
import TranslateIcon from '@mui/icons-material/Translate';
import { messages } from '../../domain/messages';

const LanguageEditor = lazy(() => import('./LanguageEditor'));
const t = messages.languages;

/** The languages resource (editors): its icon and the two text editors, under /languages (spec §2). */
export default {
  name: 'languages',
  icon: TranslateIcon,
  pages: [
    { path: 'english', element: createElement(LanguageEditor, { languageId: 'en', title: t.english }) },
    { path: 'swedish', element: createElement(LanguageEditor, { languageId: 'se', title: t.swedish }) },
  ],
} as const;
