import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new signing secret: 32 random bytes, with a prefix that says what it is when it turns up in a config file. */
export const newSecret = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

/**
 * The signature header's value for `body` sent at `t` (unix seconds): Stripe's scheme, `t=<t>,v1=<hex HMAC-SHA256 of
 * "t.body">`.
 */
export function signatureHeader(secret: string, body: string, t: number): string {
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
}

/**
 * True when `header` signs `body` with `secret` and its time is within `toleranceS` of now (what a receiver checks).
 */
export function verifySignature(secret: string, body: string, header: string, nowS: number, toleranceS = 300): boolean {
  const parts = new Map(
    header.split(',').map((p) => [p.slice(0, p.indexOf('=')), p.slice(p.indexOf('=') + 1)] as const),
  );
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1') ?? '';
  if (!Number.isInteger(t) || Math.abs(nowS - t) > toleranceS) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
  const given = Buffer.from(v1);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
