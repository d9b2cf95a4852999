import { createElement, lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { messages } from '../../domain/messages';

const Placeholder = lazy(() => import('./UsersPlaceholder'));
const t = messages.users;

/** The users resource (admins): its icon and its pages, by path under /users (spec §2). */
export default {
  name: 'users',
  icon: PeopleIcon,
  pages: [
    { path: 'users', element: createElement(Placeholder, { title: t.title }) },
    { path: 'edit-user/:getUid', element: createElement(Placeholder, { title: t.editTitle }) },
    { path: 'search', element: createElement(Placeholder, { title: t.searchTitle }) },
  ],
} as const;
