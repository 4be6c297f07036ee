import argon2 from 'argon2';

/**
 * Passwords are kept as argon2id hashes (OWASP's first choice; the library's defaults: 64 MiB,
 * 3 passes), so a copy of the database does not reveal them.
 */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A hash this server cannot read (corrupt, foreign format) matches nothing.
    return false;
  }
}
