import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditListResponse } from '@switchboard/shared';
import { issueLink } from '../../domain/password-links';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };

beforeAll(async () => {
  bff = await startBff(testConfig('http://127.0.0.1:9', { initialAdmin: admin }));
});
afterAll(() => bff?.close());

const tokenOf = (url: string) => url.split('#')[1] ?? '';
const check = (token: string) =>
  new ConsoleClient(bff.url).call('POST', '/api/password-link/check', { token });

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

async function audit(action: string, email: string) {
  const r = await (await as(admin)).call('GET', `/api/audit?action=${action}&actor=${email}`);
  return (r.json as unknown as AuditListResponse).results;
}

describe('checking a password link before it is used', () => {
  it('tells the account’s e-mail and nothing more, and that a spent link is spent', async () => {
    const invited = await createUser(bff.sql, { email: 'invitee@example.com', role: 'developer' });
    const link = await issueLink(bff.sql, invited.id, 'invite');
    const token = tokenOf(link.url);
    const fresh = await check(token);
    expect(fresh.status).toBe(200);
    expect(fresh.json).toEqual({
      valid: true,
      email: 'invitee@example.com',
      purpose: 'invite',
      expiresAt: link.expiresAt,
    });
    // Checking does not spend it.
    expect((await check(token)).json.valid).toBe(true);

    const used = await new ConsoleClient(bff.url).call('POST', '/api/password-link', {
      token,
      password: 'invitee password 1',
    });
    expect(used.status).toBe(200);
    expect((await check(token)).json).toEqual({ valid: false });
  });

  it('answers the same for a wrong token, an expired link and a disabled account', async () => {
    expect((await check('not-a-token')).json).toEqual({ valid: false });
    const late = await createUser(bff.sql, { email: 'late@example.com', role: 'viewer' });
    const old = await issueLink(bff.sql, late.id, 'reset', new Date(Date.now() - 2 * 86_400_000));
    expect((await check(tokenOf(old.url))).json).toEqual({ valid: false });

    const gone = await createUser(bff.sql, { email: 'gone@example.com', role: 'viewer' });
    const link = await issueLink(bff.sql, gone.id, 'invite');
    await bff.sql.query('UPDATE console_users SET disabled = true WHERE id = $1', [gone.id]);
    expect((await check(tokenOf(link.url))).json).toEqual({ valid: false });
  });

  it('refuses a request without a token', async () => {
    const r = await new ConsoleClient(bff.url).call('POST', '/api/password-link/check', {});
    expect(r.status).toBe(400);
  });
});

describe('changing one’s own password', () => {
  const dev = { email: 'dev@example.com', password: 'developer password 1' };
  const path = '/api/session/password';

  it('needs the current password, ends the other sessions, keeps this one, and is audited', async () => {
    await createUser(bff.sql, { ...dev, role: 'developer' });
    const here = await as(dev);
    const elsewhere = await as(dev);

    const wrong = await here.call('PUT', path, {
      currentPassword: 'guess guess 12',
      newPassword: 'new password 12',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.json.message).toBe('Your current password is not right.');
    const same = await here.call('PUT', path, { currentPassword: dev.password, newPassword: dev.password });
    expect(same.status).toBe(400);
    expect(same.json.message).toMatch(/different from your current one/);
    const short = await here.call('PUT', path, { currentPassword: dev.password, newPassword: 'short' });
    expect(short.status).toBe(400);

    const changed = await here.call('PUT', path, {
      currentPassword: dev.password,
      newPassword: 'new developer password',
    });
    expect(changed.status).toBe(200);
    expect(changed.json).toEqual({ endedSessions: 1 });
    expect((await here.call('GET', '/api/session')).status).toBe(200);
    expect((await elsewhere.call('GET', '/api/session')).status).toBe(401);

    const relogin = new ConsoleClient(bff.url);
    expect((await relogin.call('POST', '/api/session', dev)).status).toBe(401);
    await relogin.login(dev.email, 'new developer password');

    const entries = await audit('console.change_password', dev.email);
    expect(entries.map((e) => [e.result, e.summary])).toEqual([
      ['ok', { endedSessions: 1 }],
      ['denied', null],
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/developer password|guess guess/);
  });

  it('counts wrong current passwords towards the sign-in lockout', async () => {
    const owner = { email: 'owner@example.com', password: 'owner password 12' };
    await createUser(bff.sql, { ...owner, role: 'viewer' });
    const c = await as(owner);
    for (let i = 0; i < 5; i++) {
      const r = await c.call('PUT', path, {
        currentPassword: `wrong ${i} password`,
        newPassword: 'another password 1',
      });
      expect(r.status).toBe(400);
    }
    const locked = await c.call('PUT', path, {
      currentPassword: owner.password,
      newPassword: 'another password 1',
    });
    expect(locked.status).toBe(429);
    expect(locked.json.code).toBe('locked_out');
  });

  it('is refused when signed out', async () => {
    const r = await new ConsoleClient(bff.url).call('PUT', path, {
      currentPassword: 'x',
      newPassword: 'new password 123',
    });
    expect(r.status).toBe(401);
  });
});
