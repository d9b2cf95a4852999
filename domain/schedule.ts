import { z } from 'zod';
import { said, type Said } from './translate.js';

/**
 * A product's scheduled status: an optional 'active from' and 'active until' time, each applied once by
 * the server's scheduler (server/core/schedule.ts) and then cleared. The API holds them as instants (ISO-8601, UTC);
 * the screens show and take them as wall times in the shop's time zone (TZ), converted here.
 */

/**
 * The actor the history records for the scheduler's changes (never a user's id: those are UUIDs or better-auth ids).
 */
export const SCHEDULER_ACTOR = 'scheduler';

/** An instant the API takes: ISO-8601 with a zone (Z or an offset), answered back as UTC ('…Z'). */
export const ScheduleTime = z.iso
  .datetime({ offset: true, error: said('schedule.badTime') })
  .transform((v) => new Date(v).toISOString());

/** The schedule as add and edit take it: each time, or null to clear it; left out keeps it. */
export const scheduleFields = {
  activeFrom: ScheduleTime.nullable(),
  activeUntil: ScheduleTime.nullable(),
};

/** A product's status and times, as instants (ISO-8601, UTC, as the API answers them; null when not set). */
export interface ScheduleState {
  active: boolean;
  activeFrom: string | null;
  activeUntil: string | null;
}

/**
 * True when a product would be active while its 'Active from' is still to come (at `at`, an instant): public before
 * its time, which a scheduled publication is meant to prevent (docs/decisions.md, 'Scheduled status').
 */
export const activeTooEarly = (p: ScheduleState, at: string): boolean =>
  p.active && p.activeFrom !== null && p.activeFrom > at;

/**
 * What is wrong with a product's schedule as a window (inactive, active from 'Active from', inactive from 'Active
 * until'), at `at`, named by the field the form shows it beside; null when nothing is. The server decides with it
 * (server/core/products.ts, and bulk edit and the CSV import for the status alone); the product form checks the same
 * before it sends.
 */
export function scheduleRefusal(
  p: ScheduleState,
  at: string,
): { field: 'activeFrom' | 'activeUntil'; said: Said } | null {
  const { activeFrom: from, activeUntil: until } = p;
  if (from !== null && from === until) return { field: 'activeUntil', said: said('schedule.same') };
  if (from !== null && until !== null && from > until) return { field: 'activeUntil', said: said('schedule.order') };
  if (activeTooEarly(p, at)) return { field: 'activeFrom', said: said('schedule.notYet') };
  return null;
}

/** What GET /api/schedule answers: the shop's time zone, in which the screens show and take the times. */
export const ScheduleSettings = z.object({ timeZone: z.string(), available: z.boolean() });
export type ScheduleSettings = z.infer<typeof ScheduleSettings>;

/** True when the runtime knows `zone` as an IANA time zone. */
export function knownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The wall-clock parts of an instant in `zone`. */
function partsIn(ms: number, zone: string): { y: number; mo: number; d: number; h: number; mi: number } {
  const f = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  const get = (type: string) => Number(f.formatToParts(new Date(ms)).find((p) => p.type === type)?.value);
  return { y: get('year'), mo: get('month'), d: get('day'), h: get('hour'), mi: get('minute') };
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/** An instant as the wall time in `zone`, as a datetime-local input holds it ('2026-03-29T02:30'). */
export function instantToWall(iso: string, zone: string): string {
  const p = partsIn(Date.parse(iso), zone);
  return `${pad(p.y, 4)}-${pad(p.mo)}-${pad(p.d)}T${pad(p.h)}:${pad(p.mi)}`;
}

/** An instant as the shop's wall time, as staff read it ('2026-03-29 14:30'). */
export const wallTimeOf = (iso: string, zone: string): string => instantToWall(iso, zone).replace('T', ' ');

/**
 * A wall time in `zone` ('2026-03-29T02:30') as the instant it names (ISO, UTC), or null when it is not a time. A wall
 * time the clocks skip (spring forward) is taken as the same minutes after the change; one they pass twice (autumn)
 * as the first.
 */
export function wallToInstant(wall: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(wall);
  if (!m) return null;
  const asUtc = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]));
  // Not a day or time of the calendar (31 February, 24:00): Date.UTC would roll it over.
  const check = new Date(asUtc);
  if (
    Number.isNaN(asUtc) ||
    check.getUTCDate() !== Number(m[3]) ||
    check.getUTCHours() !== Number(m[4]) ||
    check.getUTCMinutes() !== Number(m[5])
  )
    return null;
  // The zone's offsets a day before and after (a change of clocks lies between them, or none does): each gives one
  // instant; those that show this wall time are its passes, the earlier the first.
  const offsetAt = (ms: number) => {
    const p = partsIn(ms, zone);
    return Date.UTC(p.y, p.mo - 1, p.d, p.h, p.mi) - Math.floor(ms / 60_000) * 60_000;
  };
  const before = offsetAt(asUtc - 86_400_000);
  const after = offsetAt(asUtc + 86_400_000);
  const passes = [asUtc - before, asUtc - after].filter(
    (ms) => instantToWall(new Date(ms).toISOString(), zone) === wall,
  );
  // None: the clocks skipped it (spring); the offset before the change puts it that many minutes after.
  const ms = passes.length > 0 ? Math.min(...passes) : asUtc - before;
  return new Date(ms).toISOString();
}

/** A short description of a zone's offset at an instant ('GMT+1'), shown beside its name on the form. */
export function zoneOffsetName(zone: string, at = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}
