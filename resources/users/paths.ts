import type { UserShow } from '../../domain/users';

/** The users list, all of it or narrowed to one kind of staff (a dashboard figure's rows). */
export const usersListPath = (show?: UserShow): string =>
  show === undefined ? '/users/users' : `/users/users?show=${show}`;

/** The edit page's route under /users (/users/edit-user/{uid}). */
export const EDIT_USER_ROUTE = 'edit-user/:getUid';

/** The address of one user's edit page. */
export const editUserPath = (uid: string): string => `/users/edit-user/${encodeURIComponent(uid)}`;
