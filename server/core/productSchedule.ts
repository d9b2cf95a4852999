import { scheduleRefusal } from '../../domain/schedule.js';
import { said, type Said } from '../../domain/translate.js';
import { DomainError } from './errors.js';

/**
 * Refuses a schedule the scheduler could not keep (docs/decisions.md, "Scheduled status"): a time newly set must be
 * in the future (one kept unchanged may have passed: the scheduler applies it on its next run), and the two times
 * may not be the same. When the request sets the status or a time, what the product would become is checked too: a
 * schedule is a window (inactive, active from 'Active from', inactive from 'Active until'), so 'Active from' must come
 * before 'Active until', and a product with an 'Active from' still to come may not be active already (it would be
 * public before its time): domain/schedule.ts's scheduleRefusal, which the product form checks too.
 */
export function checkSchedule(
  current: { active?: boolean; activeFrom?: string | null; activeUntil?: string | null },
  next: { active?: boolean; activeFrom?: string | null; activeUntil?: string | null },
  at: string,
): { active_from: string | null; active_until: string | null } {
  const from = next.activeFrom === undefined ? (current.activeFrom ?? null) : next.activeFrom;
  const until = next.activeUntil === undefined ? (current.activeUntil ?? null) : next.activeUntil;
  const active = next.active ?? current.active ?? false;
  const past = (v: string | null, old: string | null | undefined) => v !== null && v !== (old ?? null) && v <= at;
  // Named by field as the request's own checks are, so the form says it beside the field.
  const refuse = (field: string, message: Said) =>
    new DomainError('validation', message, [{ path: `/${field}`, message }]);
  if (past(from, current.activeFrom)) throw refuse('activeFrom', said('schedule.past'));
  if (past(until, current.activeUntil)) throw refuse('activeUntil', said('schedule.past'));
  if (from !== null && from === until) throw refuse('activeUntil', said('schedule.same'));
  // An edit of other fields leaves a schedule saved before the window rule as it is.
  const touched = next.active !== undefined || next.activeFrom !== undefined || next.activeUntil !== undefined;
  const wrong = touched ? scheduleRefusal({ active, activeFrom: from, activeUntil: until }, at) : null;
  if (wrong) throw refuse(wrong.field, wrong.said);
  return { active_from: from, active_until: until };
}
