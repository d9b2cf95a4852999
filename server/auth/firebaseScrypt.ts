import { createCipheriv, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * Firebase Authentication's modified scrypt (https://github.com/firebase/scrypt, its README "Password Hashing"): the
 * key scrypt derives from the password (salt = the account's salt followed by the project's salt separator, N =
 * 2^mem_cost, r = rounds, p = 1, 32 bytes) encrypts the project's signer key with AES-256-CTR and a zero IV; the
 * ciphertext, in base64, is the stored hash. Written on node:crypto rather than taken from the `firebase-scrypt`
 * package (docs/decisions.md, 'Firebase passwords').
 */

/** The project's password hash parameters (Firebase console, Authentication, Users, ⋮, Password hash parameters). */
export interface FirebaseHashParams {
  /** base64_signer_key */
  signerKey: string;
  /** base64_salt_separator */
  saltSeparator: string;
  rounds: number;
  memCost: number;
}

/** An account's exported hash and salt, base64 (the CLI's export) or base64url (the Admin SDK's listUsers). */
export interface FirebaseHash {
  hash: string;
  salt: string;
}

/** Both base64 alphabets: the CLI's export uses + and /, the Admin SDK's listUsers - and _. */
const bytes = (b64: string): Buffer => Buffer.from(b64.replace(/-/g, '+').replace(/_/g, '/'), 'base64');

/** Whether the parameters are ones Firebase gives (rounds 1–8, mem_cost 1–14, base64 keys). */
export function validHashParams(p: FirebaseHashParams): boolean {
  return (
    Number.isInteger(p.rounds) &&
    p.rounds >= 1 &&
    p.rounds <= 8 &&
    Number.isInteger(p.memCost) &&
    p.memCost >= 1 &&
    p.memCost <= 14 &&
    bytes(p.signerKey).length > 0 &&
    /^[A-Za-z0-9+/_=-]*$/.test(p.signerKey) &&
    /^[A-Za-z0-9+/_=-]*$/.test(p.saltSeparator)
  );
}

/** The hash Firebase stores for `password` with this salt and these parameters, base64. */
export function firebaseScryptHash(password: string, salt: string, p: FirebaseHashParams): Promise<string> {
  const N = 2 ** p.memCost;
  return new Promise((resolve, reject) => {
    scrypt(
      Buffer.from(password, 'utf8'),
      Buffer.concat([bytes(salt), bytes(p.saltSeparator)]),
      32,
      // Memory scrypt needs is 128·N·r bytes (16 MiB at Firebase's usual 14 and 8); the limit leaves room above it.
      { N, r: p.rounds, p: 1, maxmem: 256 * N * p.rounds + 1024 * 1024 },
      (err, key) => {
        if (err) return reject(err);
        const cipher = createCipheriv('aes-256-ctr', key, Buffer.alloc(16, 0));
        resolve(Buffer.concat([cipher.update(bytes(p.signerKey)), cipher.final()]).toString('base64'));
      },
    );
  });
}

/** True when `password` is the one the Firebase hash was made from (compared in constant time). */
export async function verifyFirebaseScrypt(
  password: string,
  stored: FirebaseHash,
  p: FirebaseHashParams,
): Promise<boolean> {
  if (!password || !stored.hash || !stored.salt) return false;
  const made = bytes(await firebaseScryptHash(password, stored.salt, p));
  const known = bytes(stored.hash);
  return made.length === known.length && timingSafeEqual(made, known);
}
