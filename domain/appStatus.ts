import { z } from 'zod';

/** The live app status record: the gate opens only while active. */
export const AppStatus = z.object({ active: z.boolean(), version: z.string() });
export type AppStatus = z.infer<typeof AppStatus>;

export const AppStatusUpdate = z.object({ active: z.boolean() }).strict();
