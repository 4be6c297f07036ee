import argon2 from 'argon2';

/**
 * argon2id at OWASP's recommended minimum (19 MiB, 2 passes, 1 lane), as the API server uses for
 * app users: memory-hard, and about 60 ms per hash on a small machine.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
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
