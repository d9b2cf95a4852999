import { canAccess, isArea } from '../../domain/permissions';
import { mayActOnResource, type ResourceDescription } from '../../domain/resourceDescription';
import type { RoleFlags } from '../../domain/permissions';

/** Is it a resource the console has (an area of the role matrix, or a described resource)? Asked before the user is. */
export const knownResource = (resource: string, described: readonly ResourceDescription[]): boolean =>
  isArea(resource) || described.some((d) => d.name === resource);

/**
 * The auth provider's canAccess, for both provider sets: an area of the role matrix by its level; a described
 * resource (resources/<name>/description.ts) by its description's access for the action (react-admin asks 'delete'
 * before it shows a Delete button); anything else is refused.
 */
export function mayAccess(
  user: RoleFlags | null,
  resource: string,
  action: string,
  described: readonly ResourceDescription[],
): boolean {
  if (isArea(resource)) return canAccess(user, resource);
  const d = described.find((x) => x.name === resource);
  return d !== undefined && mayActOnResource(user, d, action);
}
