import { createCipheriv, createDecipheriv, createHmac, hkdfSync } from 'node:crypto';

/** Two keys derived from one secret for one purpose: one makes the nonce, one encrypts. */
export interface SealKeys {
  mac: Buffer;
  enc: Buffer;
}

/** Derives the keys of `purpose` from a server secret (HKDF-SHA256), so one secret serves several purposes apart. */
export function sealKeys(secret: string, purpose: string): SealKeys {
  const okm = Buffer.from(hkdfSync('sha256', secret, '', purpose, 64));
  return { mac: okm.subarray(0, 32), enc: okm.subarray(32) };
}

/**
 * Encrypts `text` into a URL-safe token that only the server can read back: AES-256-GCM with a nonce made from the
 * text itself (HMAC, as in SIV), so one text always gives the same token (addresses stay cacheable) while the text
 * cannot be read from it.
 */
export function seal(keys: SealKeys, text: string): string {
  const iv = createHmac('sha256', keys.mac).update(text).digest().subarray(0, 12);
  const cipher = createCipheriv('aes-256-gcm', keys.enc, iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The text inside a token made by seal with the same keys, or null for anything else. */
export function unseal(keys: SealKeys, token: string): string | null {
  const raw = Buffer.from(token, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keys.enc, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    // A token that was not ours (or was changed) fails GCM's check: the caller answers not found.
    return null;
  }
}
