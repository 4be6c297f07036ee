import argon2 from 'argon2';

/** argon2id with the library's defaults (memory-hard; OWASP's recommended family). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

// Verifying against this when the e-mail is unknown keeps login time the same for both failures.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not a real password, only here to spend the same time');
  return dummyHash;
}
