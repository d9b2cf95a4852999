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
  /** The Activity page: every change, by anyone (the change history). */
  activity: 'admin',
  /** Settings → Webhooks: the storefront's receivers and their deliveries. */
  webhooks: 'admin',
} as const satisfies Record<string, Access>;

export type Area = keyof typeof areaAccess;

/** Which access level an action inside an area needs, where it is stricter than the area's own. */
export const actionAccess = {
  /** Removing a language key (from both records; or by saving a map without it): admins only. */
  removeLanguageKey: 'admin',
} as const satisfies Record<string, Access>;

export type Action = keyof typeof actionAccess;

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

/** True when a user may perform an action that needs more than its area. */
export function canDo(user: RoleFlags | null | undefined, action: Action): boolean {
  return meets(user, actionAccess[action]);
}
