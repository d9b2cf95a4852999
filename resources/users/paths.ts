/** The edit page's route under /users (/users/edit-user/{uid}). */
export const EDIT_USER_ROUTE = 'edit-user/:getUid';

/** The address of one user's edit page. */
export const editUserPath = (uid: string): string => `/users/edit-user/${encodeURIComponent(uid)}`;
