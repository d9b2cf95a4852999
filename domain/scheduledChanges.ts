import { z } from 'zod';
import { ScheduleTime } from './schedule.js';
import { searchText } from './text.js';

/**
 * A described record's scheduled change (a description's `schedule`): one field set to a value at a time, applied once
 * by the server's scheduler (server/core/scheduledChanges.ts) as an edit of the scheduler's, and then gone. The value
 * is as the API takes and answers the field's (checked by the field's own rule when it is added and again when it
 * applies); the time an instant (ISO-8601, UTC).
 */
export const ScheduledChange = z.object({
  id: z.string(),
  field: z.string(),
  value: z.unknown(),
  /** When it applies. */
  at: z.string(),
  created: z.string(),
});
export type ScheduledChange = { id: string; field: string; value: unknown; at: string; created: string };

/** What POST /api/<name>/:id/schedule takes: the field, its value (the field's rule checks it) and a future time. */
export const ScheduledChangeCreate = z
  .object({ field: searchText(64).min(1), value: z.unknown(), at: ScheduleTime })
  .strict();
export type ScheduledChangeCreate = { field: string; value: unknown; at: string };

/** The pending changes of one record, soonest first. */
export const ScheduledChanges = z.object({ items: z.array(ScheduledChange) });
