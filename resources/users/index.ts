import { createElement } from 'react';
import { lazyPage } from '../../base/lazyPage';
import PeopleIcon from '@mui/icons-material/People';
import SearchIcon from '@mui/icons-material/Search';
import type { ResourceDefinition } from '../types';
import { EDIT_USER_ROUTE } from './paths';

// Each screen loads on demand, so an editor's bundle does not carry the admin's screens.
const UserList = lazyPage(() => import('./UserList'));
const UserEdit = lazyPage(() => import('./UserEdit'));
const UserSearch = lazyPage(() => import('./UserSearch'));

/** The users resource (admins): its sidebar group and its pages, by path under /users. */
export default {
  name: 'users',
  area: 'users',
  // Its list's code is fetched once the console is idle, so the first click on the sidebar shows it at once.
  preload: UserList.preload,
  icon: PeopleIcon,
  menu: {
    label: (m) => m.menu.users,
    items: [
      { path: 'users', label: (m) => m.menu.usersList },
      { path: 'search', label: (m) => m.menu.searchUser, icon: SearchIcon },
    ],
  },
  pages: [
    { path: 'users', element: createElement(UserList) },
    { path: EDIT_USER_ROUTE, element: createElement(UserEdit) },
    { path: 'search', element: createElement(UserSearch) },
  ],
} satisfies ResourceDefinition;
