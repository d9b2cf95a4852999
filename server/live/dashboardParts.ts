import { canAccess, type RoleFlags } from '../../domain/permissions.js';
import { mayOnResource, type ResourceDescription } from '../../domain/resourceDescription.js';
import type { Change } from '../core/events.js';

// What a dashboard announcement says changed: the kinds of record ('product', 'language', 'user', 'account' for
// sign-in events, 'record:<resource>'), so each open dashboard hears only of what its reader may read.

/** The part of the dashboard a committed change concerns. */
export function dashboardPart(c: Exclude<Change, { kind: 'appStatus' }>): string {
  return c.kind === 'record' ? `record:${c.resource}` : c.kind;
}

/** An account event's announcement (a sign-in, a failed one, sessions ended: the staff figures). */
export const ACCOUNT_PARTS = JSON.stringify(['account']);

/**
 * Whether a reader may hear an announcement: some part of it is theirs to read. An announcement without parts (a
 * reconnection of the feed: anything may have changed) is heard by all.
 */
export function hears(
  user: RoleFlags | null,
  payload: string | undefined,
  described: readonly ResourceDescription[],
): boolean {
  if (payload === undefined) return true;
  let parts: unknown;
  try {
    parts = JSON.parse(payload);
  } catch {
    return true;
  }
  if (!Array.isArray(parts)) return true;
  return parts.some((part) => {
    if (part === 'product') return canAccess(user, 'products');
    if (part === 'language') return canAccess(user, 'languages');
    if (part === 'user' || part === 'account') return canAccess(user, 'users');
    const d = typeof part === 'string' ? described.find((r) => `record:${r.name}` === part) : undefined;
    return d !== undefined && mayOnResource(user, d, 'read');
  });
}
