import { z } from 'zod';

/** REQUIRE_2FA: who must have a second factor before using the console. */
export const SECOND_FACTOR_POLICIES = ['off', 'admins', 'all'] as const;
export type SecondFactorPolicy = (typeof SECOND_FACTOR_POLICIES)[number];

/** The error code of the 403 a person covered by REQUIRE_2FA without a second factor gets from every other route. */
export const SECOND_FACTOR_REQUIRED = 'second_factor_required';

/** The signed-in person's second factor, as My Account shows it (GET /api/me/two-factor). */
export const TwoFactorStatus = z.object({
  /** An authenticator app is set up (a passkey is not counted here; see `required`). */
  enabled: z.boolean(),
  /**
   * REQUIRE_2FA covers this person and they have no passkey (which meets it too): they cannot turn the app off, and
   * without one they may only set one up.
   */
  required: z.boolean(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A 6-digit authenticator code, as typed (spaces taken out). */
export const TOTP_CODE = /^\d{6}$/;
