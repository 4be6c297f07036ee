import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { openConsoleDatabase } from '../test/database';
import { issueLink, useLink } from './password-links';
import { hashPassword } from './passwords';
import type * as Passwords from './passwords';
import { createUser } from './users';

// The real argon2 hashing, recorded: it is the expensive step a made-up link must not reach.
vi.mock('./passwords', async (importOriginal) => {
  const real = await importOriginal<typeof Passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});
const hashed = () => vi.mocked(hashPassword).mock.calls.map((c) => c[0]);

let db: TestDatabase;
beforeAll(async () => {
  db = await openConsoleDatabase();
});
afterAll(() => db.drop());

describe('useLink', () => {
  it('checks the link before hashing the password', async () => {
    vi.mocked(hashPassword).mockClear();
    await expect(useLink(db.sql, 'made-up-token', 'a new password 1')).rejects.toThrow(/not valid/);
    expect(hashed()).toEqual([]);
  });

  it('hashes and sets the password of a real link, once', async () => {
    const user = await createUser(db.sql, { email: 'link@example.com', role: 'viewer' });
    const token = (await issueLink(db.sql, user.id, 'invite')).url.split('#')[1] ?? '';
    vi.mocked(hashPassword).mockClear();
    expect((await useLink(db.sql, token, 'a new password 2')).id).toBe(user.id);
    expect(hashed()).toEqual(['a new password 2']);
    await expect(useLink(db.sql, token, 'again password 3')).rejects.toThrow(/not valid/);
    expect(hashed()).toHaveLength(1);
  });
});
