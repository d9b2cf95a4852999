/**
 * A person's full name as every screen, the auth account and the history show it: first and last name joined.
 * Its own module, free of zod, so the first load (the sign-in check) can use it without the schemas.
 */
export const fullName = (u: { firstName: string; lastName: string }): string => `${u.firstName} ${u.lastName}`.trim();
