import type { Catalogue } from '../../domain/messages';
import { currentMessages } from '../../src/locale';

/** A timestamp as a short date string in the reader's locale ('Never' when there is none). */
export function shortDate(iso: string | null | undefined, m: Catalogue = currentMessages()): string {
  if (!iso) return m.users.never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/** A flag as the screens show it: True or False. */
export function flagLabel(value: boolean, m: Catalogue = currentMessages()): string {
  return value ? m.users.trueLabel : m.users.falseLabel;
}

/** A user's display name: first and last name. */
export function fullName(u: { firstName: string; lastName: string }): string {
  return `${u.firstName} ${u.lastName}`.trim();
}
