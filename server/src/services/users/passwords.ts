import argon2 from 'argon2';
import { isLegacyHash, verifyLegacyHash } from './legacy-hash';

/**
 * Passwords are kept as argon2id hashes with OWASP's recommended minimum (19 MiB, 2 passes,
 * 1 lane), so a copy of the database does not reveal them. The library hashes on libuv's small
 * thread pool, so at most a few hashes hold their memory at once however many sign-ups arrive.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

/**
 * Users imported from LeanCloud keep its salted SHA-512 hash until their first login
 * (legacy-hash.ts); the login then stores an argon2id hash in its place.
 */
export const needsRehash = (hash: string | null | undefined): boolean => !!hash && isLegacyHash(hash);

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  if (isLegacyHash(hash)) return verifyLegacyHash(hash, password);
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A hash this server cannot read (corrupt, foreign format) matches nothing.
    return false;
  }
}
