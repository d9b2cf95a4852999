import { hash, verify } from '@node-rs/argon2';

// OWASP ASVS 5.0 11.4.2: argon2id with m ≥ 19 MiB, t = 2, p = 1.
const OPTIONS = {
  algorithm: 2 /* Algorithm.Argon2id (a const enum) */,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** Hashes a password exactly as typed with argon2id. */
export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

/** True when the password matches the stored argon2id hash. */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}
