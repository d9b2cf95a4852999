import { z } from 'zod';

/** A staff member's record, as the API and the browser see it. */
export const User = z.object({
  uid: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.string(),
  active: z.boolean(),
  isAdmin: z.boolean(),
  isEditor: z.boolean(),
  created: z.string(),
  updated: z.string().nullable(),
});
export type User = z.infer<typeof User>;

/** What the browser keeps of the signed-in user (spec §3, local browser storage). */
export type StoredUser = Pick<User, 'firstName' | 'lastName' | 'email' | 'uid' | 'active' | 'isAdmin' | 'isEditor'>;

const name = z.string().trim().min(1, 'Required').max(100, 'At most 100 characters');

/** My Account: first and last name, both required. */
export const MeUpdate = z.object({ firstName: name, lastName: name }).strict();
export type MeUpdate = z.infer<typeof MeUpdate>;

/** The spec's Register call: account plus users/{uid} record. */
export const NewUser = z.object({
  email: z.email().transform((e) => e.toLowerCase()),
  password: z.string().min(8).max(128),
  firstName: name,
  lastName: name,
  isAdmin: z.boolean().default(false),
  isEditor: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type NewUser = z.input<typeof NewUser>;

/** The display name of the auth account: first and last name joined. */
export const displayName = (u: { firstName: string; lastName: string }): string =>
  `${u.firstName} ${u.lastName}`.trim();

/** An admin's change to another user's flags (spec: Edit user). */
export const UserFlagsUpdate = z
  .object({ active: z.boolean().optional(), isEditor: z.boolean().optional(), isAdmin: z.boolean().optional() })
  .strict();
export type UserFlagsUpdate = z.infer<typeof UserFlagsUpdate>;

/** An admin's 'Add user': the new colleague sets their own password from a mail. */
export const AddUser = z
  .object({
    email: z.email('Enter a valid email address').transform((e) => e.toLowerCase()),
    firstName: name,
    lastName: name,
    isEditor: z.boolean().default(false),
    isAdmin: z.boolean().default(false),
  })
  .strict();
export type AddUser = z.input<typeof AddUser>;

/** One page of a list and the cursor of the next, or null on the last page. */
export interface Page<T> {
  items: T[];
  next: string | null;
}
