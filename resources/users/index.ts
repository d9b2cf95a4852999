import { createElement, lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import { EDIT_USER_ROUTE } from './paths';

// Each screen loads on demand, so an editor's bundle does not carry the admin's screens.
const UserList = lazy(() => import('./UserList'));
const UserEdit = lazy(() => import('./UserEdit'));
const UserSearch = lazy(() => import('./UserSearch'));

/** The users resource (admins): its icon and its pages, by path under /users (spec §2). */
export default {
  name: 'users',
  icon: PeopleIcon,
  pages: [
    { path: 'users', element: createElement(UserList) },
    { path: EDIT_USER_ROUTE, element: createElement(UserEdit) },
    { path: 'search', element: createElement(UserSearch) },
  ],
} as const;
