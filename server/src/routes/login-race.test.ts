import argon2 from 'argon2';
import { LcCode } from '@switchboard/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../test/accounts';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { MAX_FAILURES } from '../services/users/lock';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const login = (username: string, password: string) =>
  t.request('POST', '/1.1/login', { body: { username, password } });

/*
 * Doc 1 Account lock: more than 6 failures within 15 minutes lock the account (219), and the
 * right password is refused while it is locked. A burst of parallel guesses must not get more
 * tries than that because they all arrive before the first failure is counted.
 */
describe('account lock under parallel logins', () => {
  it('60 parallel logins (59 wrong, the right one last): 6 wrong-password answers, then 219 for all', async () => {
    const u = await signUp(t);
    // A costlier hash than the server's own keeps each guess in its check for a few hundred milliseconds, as
    // on a loaded server: time in which a burst sent after it would all pass a lock that is only
    // checked, not yet counted.
    const slow = await argon2.hash(u.password, {
      type: argon2.argon2id,
      memoryCost: 19_456,
      timeCost: 20,
      parallelism: 1,
    });
    await t.server.sql.query('UPDATE lc_user_auth SET password_hash = $2 WHERE user_id = $1', [
      u.objectId,
      slow,
    ]);
    const passwords = [...Array.from({ length: 59 }, (_, i) => `wrong-${i}`), u.password];
    const replies = await Promise.all(passwords.map((p) => login(u.username, p)));
    const codes = replies.map((r) => r.json.code);

    expect(codes.filter((c) => c === LcCode.PasswordMismatch)).toHaveLength(MAX_FAILURES);
    expect(codes.filter((c) => c === LcCode.AccountLocked)).toHaveLength(60 - MAX_FAILURES);
    expect(replies.at(-1)?.json.code).toBe(LcCode.AccountLocked);
    expect(replies.filter((r) => r.json.sessionToken !== undefined)).toEqual([]);
    // Still locked afterwards, for the right password too.
    expect((await login(u.username, u.password)).json.code).toBe(LcCode.AccountLocked);
  }, 90_000);

  it('the right password among parallel wrong ones that stay under the limit still logs in', async () => {
    const u = await signUp(t);
    const passwords = [...Array.from({ length: MAX_FAILURES - 1 }, (_, i) => `wrong-${i}`), u.password];
    const replies = await Promise.all(passwords.map((p) => login(u.username, p)));
    expect(replies.at(-1)?.status).toBe(200);
    expect(typeof replies.at(-1)?.json.sessionToken).toBe('string');
    for (const r of replies.slice(0, -1)) expect(r.json.code).toBe(LcCode.PasswordMismatch);
  });
});
