import { messages } from '../../domain/messages';

const t = messages.users;

/** A timestamp as a short date string in the reader's locale ('Never' when there is none). */
export function shortDate(iso: string | null | undefined): string {
  if (!iso) return t.never;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString();
}

/** A flag as the screens show it: True or False. */
export function flagLabel(value: boolean): string {
  return value ? t.trueLabel : t.falseLabel;
}

/** A user's display name: first and last name. */
export function fullName(u: { firstName: string; lastName: string }): string {
  return `${u.firstName} ${u.lastName}`.trim();
}
