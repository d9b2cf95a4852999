import { describe, expect, it } from 'vitest';
import {
  activeTooEarly,
  instantToWall,
  knownTimeZone,
  scheduleRefusal,
  ScheduleTime,
  wallToInstant,
} from '../../../domain/schedule';

// The form's wall times in the shop's zone and the API's instants (domain/schedule.ts), across changes of the clocks.
describe('schedule times', () => {
  it('turns a wall time in a zone into its instant and back, summer and winter', () => {
    expect(wallToInstant('2026-07-01T12:00', 'Europe/Stockholm')).toBe('2026-07-01T10:00:00.000Z');
    expect(wallToInstant('2026-12-24T18:30', 'Europe/Stockholm')).toBe('2026-12-24T17:30:00.000Z');
    expect(wallToInstant('2026-03-08T09:15', 'America/New_York')).toBe('2026-03-08T13:15:00.000Z');
    expect(wallToInstant('2026-06-01T00:00', 'UTC')).toBe('2026-06-01T00:00:00.000Z');
    for (const iso of ['2026-07-01T10:00:00.000Z', '2026-12-24T17:30:00.000Z', '2026-01-01T00:00:00.000Z']) {
      expect(wallToInstant(instantToWall(iso, 'Europe/Stockholm'), 'Europe/Stockholm')).toBe(iso);
    }
  });

  it('takes a skipped wall time as the same minutes after the change, a repeated one as its first pass', () => {
    // Stockholm: 2026-03-29 02:00 → 03:00; 2026-10-25 03:00 → 02:00.
    expect(wallToInstant('2026-03-29T02:30', 'Europe/Stockholm')).toBe('2026-03-29T01:30:00.000Z');
    expect(instantToWall('2026-03-29T01:30:00.000Z', 'Europe/Stockholm')).toBe('2026-03-29T03:30');
    expect(wallToInstant('2026-10-25T02:30', 'Europe/Stockholm')).toBe('2026-10-25T00:30:00.000Z');
  });

  it('refuses what is not a wall time, and knows real zones only', () => {
    expect(wallToInstant('2026-07-01 12:00', 'UTC')).toBeNull();
    expect(wallToInstant('', 'UTC')).toBeNull();
    expect(wallToInstant('2026-02-31T10:00', 'UTC')).toBeNull();
    expect(wallToInstant('2026-02-10T24:00', 'UTC')).toBeNull();
    expect(knownTimeZone('Europe/Stockholm')).toBe(true);
    expect(knownTimeZone('Mars/Olympus')).toBe(false);
  });

  it('takes instants with a zone only, answering them in UTC', () => {
    expect(ScheduleTime.parse('2026-07-01T12:00:00+02:00')).toBe('2026-07-01T10:00:00.000Z');
    expect(ScheduleTime.safeParse('2026-07-01T12:00').success).toBe(false);
    expect(ScheduleTime.safeParse('tomorrow').success).toBe(false);
    expect(ScheduleTime.safeParse('+012026-07-01T12:00:00Z').success).toBe(false);
  });
});

// The window rule the server decides with and the product form checks before sending.
describe('a schedule is a window', () => {
  const at = '2026-06-01T10:00:00.000Z';
  const before = '2026-06-01T09:00:00.000Z';
  const soon = '2026-06-01T11:00:00.000Z';
  const later = '2026-06-02T11:00:00.000Z';
  const state = (active: boolean, activeFrom: string | null, activeUntil: string | null) => ({
    active,
    activeFrom,
    activeUntil,
  });

  it('lets a product wait inactive for its Active from, and be active until its Active until', () => {
    for (const ok of [
      state(false, soon, null),
      state(false, soon, later),
      state(true, null, later),
      state(false, null, null),
      state(true, null, null),
      // Its time has come (the scheduler applies it at its next run).
      state(true, before, later),
    ]) {
      expect(scheduleRefusal(ok, at), JSON.stringify(ok)).toBeNull();
    }
  });

  it('refuses active with an Active from to come, beside Active from', () => {
    expect(activeTooEarly(state(true, soon, null), at)).toBe(true);
    expect(activeTooEarly(state(false, soon, null), at)).toBe(false);
    expect(scheduleRefusal(state(true, soon, later), at)).toEqual({ field: 'activeFrom', said: 'schedule.notYet' });
  });

  it('refuses an Active from after Active until, or the same time, beside Active until', () => {
    expect(scheduleRefusal(state(false, later, soon), at)).toEqual({ field: 'activeUntil', said: 'schedule.order' });
    expect(scheduleRefusal(state(false, soon, soon), at)).toEqual({ field: 'activeUntil', said: 'schedule.same' });
  });
});
