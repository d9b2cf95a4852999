/** The accounts the end-to-end server is seeded with, one per kind of staff. */
export const PASSWORD = 'linen-and-cotton-1';

export const users = {
  admin: {
    email: 'admin@example.com',
    firstName: 'Ada',
    lastName: 'Admin',
    isAdmin: true,
    isEditor: true,
    active: true,
  },
  adminOnly: {
    email: 'boss@example.com',
    firstName: 'Bo',
    lastName: 'Boss',
    isAdmin: true,
    isEditor: false,
    active: true,
  },
  editor: {
    email: 'editor@example.com',
    firstName: 'Eda',
    lastName: 'Editor',
    isAdmin: false,
    isEditor: true,
    active: true,
  },
  staff: {
    email: 'staff@example.com',
    firstName: 'Sam',
    lastName: 'Staff',
    isAdmin: false,
    isEditor: false,
    active: true,
  },
  inactive: {
    email: 'gone@example.com',
    firstName: 'Gil',
    lastName: 'Gone',
    isAdmin: false,
    isEditor: true,
    active: false,
  },
  newcomer: {
    email: 'newcomer@example.com',
    firstName: 'Nora',
    lastName: 'Newcomer',
    isAdmin: true,
    isEditor: true,
    active: true,
  },
  // The newcomer's walk renames her and changes her password; a retry or a repeat walks as one of these instead.
  newcomer2: {
    email: 'newcomer2@example.com',
    firstName: 'Nina',
    lastName: 'Newcomer',
    isAdmin: true,
    isEditor: true,
    active: true,
  },
  newcomer3: {
    email: 'newcomer3@example.com',
    firstName: 'Nils',
    lastName: 'Newcomer',
    isAdmin: true,
    isEditor: true,
    active: true,
  },
  walker: {
    email: 'walker@example.com',
    firstName: 'Wendy',
    lastName: 'Walker',
    isAdmin: false,
    isEditor: false,
    active: true,
  },
} as const;

export type UserKey = keyof typeof users;
