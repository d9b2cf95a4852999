/** The role rule, once: who may do what. The server enforces it; the browser mirrors it. */
export type Access = 'public' | 'signedIn' | 'editor' | 'admin';

export interface RoleFlags {
  active: boolean;
  isAdmin: boolean;
  isEditor: boolean;
}

/** Which access level each area of the console needs. */
export const areaAccess = {
  dashboard: 'signedIn',
  account: 'signedIn',
  changelog: 'signedIn',
  users: 'admin',
  products: 'editor',
  languages: 'editor',
} as const satisfies Record<string, Access>;

export type Area = keyof typeof areaAccess;

/** True when a name is one of the console's areas (deny anything else). */
export function isArea(name: string): name is Area {
  return Object.prototype.hasOwnProperty.call(areaAccess, name);
}

/** True when a user (or nobody) meets an access level. */
export function meets(user: RoleFlags | null | undefined, access: Access): boolean {
  if (access === 'public') return true;
  if (!user || !user.active) return false;
  if (access === 'signedIn') return true;
  if (access === 'editor') return user.isEditor;
  return user.isAdmin;
}

/** True when a user may open an area of the console. */
export function canAccess(user: RoleFlags | null | undefined, area: Area): boolean {
  return meets(user, areaAccess[area]);
}
