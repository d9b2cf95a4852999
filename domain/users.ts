import { z } from 'zod';
import { lineText } from './text.js';
import { said } from './translate.js';

/**
 * A staff member's record, as the API and the browser see it. `id` is the record's id, as every resource's record
 * has one (react-admin keys rows by it); `uid` is the same value under the specification's field name.
 */
export const User = z.object({
  id: z.string(),
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

/** What the browser keeps of the signed-in user (in local or session storage). */
export type StoredUser = Pick<User, 'firstName' | 'lastName' | 'email' | 'uid' | 'active' | 'isAdmin' | 'isEditor'>;

const name = lineText(100);
/** An email address as typed: the text rule, at most 254 characters, stored lower-case. */
const email = (error?: string) =>
  lineText(254)
    .pipe(z.email(error))
    .transform((e) => e.toLowerCase());

/** My Account: first and last name, both required. */
export const MeUpdate = z.object({ firstName: name, lastName: name }).strict();
export type MeUpdate = z.infer<typeof MeUpdate>;

/** The spec's Register call: account plus users/{uid} record. */
export const NewUser = z.object({
  email: email(),
  password: z.string().min(8).max(128),
  firstName: name,
  lastName: name,
  isAdmin: z.boolean().default(false),
  isEditor: z.boolean().default(false),
  active: z.boolean().default(true),
});
export type NewUser = z.input<typeof NewUser>;

/** An admin's change to another user's flags (spec: Edit user). */
export const UserFlagsUpdate = z
  .object({ active: z.boolean().optional(), isEditor: z.boolean().optional(), isAdmin: z.boolean().optional() })
  .strict();
export type UserFlagsUpdate = z.infer<typeof UserFlagsUpdate>;

/**
 * The staff the users list can be narrowed to (GET /api/users?show=…), each a figure of the admin's dashboard, which
 * links to it: active or inactive accounts, active admins, active editors, active accounts with no second factor.
 */
export const USER_SHOWS = ['active', 'inactive', 'admins', 'editors', 'noSecondFactor'] as const;
export type UserShow = (typeof USER_SHOWS)[number];

/** An admin's 'Add user': the new colleague sets their own password from a mail. */
export const AddUser = z
  .object({
    email: email(said('errors.email')),
    firstName: name,
    lastName: name,
    isEditor: z.boolean().default(false),
    isAdmin: z.boolean().default(false),
  })
  .strict();
export type AddUser = z.input<typeof AddUser>;
