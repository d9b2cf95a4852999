import { z } from 'zod';

// A record's 'Used by': the records of other resources that point to it, counted per resource and field
// (GET /api/<name>/:id/usedby; the Firebase provider counts the same).

export const UsedBy = z.array(
  z.object({
    /** The resource whose records point here, and its reference or references field that does. */
    resource: z.string(),
    field: z.string(),
    /** How many of its records point here (at least one). */
    count: z.number().int(),
  }),
);
export type UsedBy = z.infer<typeof UsedBy>;
