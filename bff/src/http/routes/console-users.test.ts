import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

/** The admin API over console users. The upstream is never called, so none is started. */
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };

beforeAll(async () => {
  const config = testConfig('http://127.0.0.1:9', { initialAdmin: admin });
  config.apps = [config.apps[0]!, { ...config.apps[0]!, id: 'shop', name: 'Shop' }];
  bff = await startBff(config);
});
afterAll(async () => {
  await bff?.close();
});

async function asAdmin() {
  const c = new ConsoleClient(bff.url);
  await c.login(admin.email, admin.password);
  return c;
}

interface UserOut {
  id: string;
  email: string;
  role: string;
  appRoles: Record<string, string>;
  disabled: boolean;
  invited: boolean;
}

const tokenOf = (url: string) => url.split('#')[1] ?? '';

describe('console users', () => {
  it('creates a user with a password, who can sign in with their roles per app', async () => {
    const c = await asAdmin();
    const r = await c.call('POST', '/api/console-users', {
      email: 'Support@Example.com',
      role: 'support',
      appRoles: { shop: 'viewer' },
      password: 'support password',
    });
    expect(r.status).toBe(201);
    expect(r.json.user).toMatchObject({
      email: 'support@example.com',
      role: 'support',
      appRoles: { shop: 'viewer' },
      disabled: false,
      invited: false,
      totpEnabled: false,
      lastLoginAt: null,
    });
    expect(r.json.link).toBeUndefined();
    expect(r.text).not.toMatch(/argon2|password_hash|passwordHash/);

    const s = new ConsoleClient(bff.url);
    const session = await s.login('support@example.com', 'support password');
    expect(session.json.appPermissions).toMatchObject({
      default: expect.arrayContaining(['im.moderate']),
      shop: expect.arrayContaining(['data.read']),
    });
    expect((session.json.appPermissions as Record<string, string[]>).shop).not.toContain('im.moderate');
    // Support staff do not manage console users.
    expect((await s.call('GET', '/api/console-users')).status).toBe(403);
  });

  it('invites a user: a one-time link to choose a password, which signs them in', async () => {
    const c = await asAdmin();
    const r = await c.call('POST', '/api/console-users', { email: 'new@example.com', role: 'developer' });
    expect(r.status).toBe(201);
    expect(r.json.user).toMatchObject({ invited: true });
    const link = r.json.link as { url: string; expiresAt: string };
    expect(link.url).toMatch(/^\/set-password#[A-Za-z0-9_-]{40,}$/);

    const u = new ConsoleClient(bff.url);
    const short = await u.call('POST', '/api/password-link', { token: tokenOf(link.url), password: 'short' });
    expect(short.status).toBe(400);
    const used = await u.call('POST', '/api/password-link', {
      token: tokenOf(link.url),
      password: 'a new password 1',
    });
    expect(used.status).toBe(200);
    expect(used.json.user).toMatchObject({ email: 'new@example.com', role: 'developer' });
    expect((await u.call('GET', '/api/session')).status).toBe(200);
    // The link is spent.
    const again = await new ConsoleClient(bff.url).call('POST', '/api/password-link', {
      token: tokenOf(link.url),
      password: 'another password 2',
    });
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/not valid any more/);
    await new ConsoleClient(bff.url).login('new@example.com', 'a new password 1');
  });

  it('refuses duplicate e-mails, unknown apps and bad roles with clear messages', async () => {
    const c = await asAdmin();
    const dup = await c.call('POST', '/api/console-users', {
      email: 'ADMIN@example.com',
      role: 'viewer',
      password: 'whatever password',
    });
    expect([dup.status, dup.json.code]).toEqual([409, 'conflict']);
    const app = await c.call('POST', '/api/console-users', {
      email: 'x@example.com',
      role: 'viewer',
      appRoles: { nowhere: 'admin' },
    });
    expect(app.status).toBe(400);
    expect(app.json.message).toMatch(/no app "nowhere"/);
    const role = await c.call('POST', '/api/console-users', { email: 'y@example.com', role: 'root' });
    expect([role.status, role.json.code]).toEqual([400, 'validation_failed']);
  });

  it('changes roles at once, disables (ending sessions), and keeps one enabled admin', async () => {
    const c = await asAdmin();
    const created = await c.call('POST', '/api/console-users', {
      email: 'ops@example.com',
      role: 'operator',
      password: 'operator password',
    });
    const id = (created.json.user as UserOut).id;
    const ops = new ConsoleClient(bff.url);
    await ops.login('ops@example.com', 'operator password');
    expect((await ops.call('GET', '/api/audit')).status).toBe(403);

    const promoted = await c.call('PUT', `/api/console-users/${id}`, { role: 'admin' });
    expect(promoted.json.user).toMatchObject({ role: 'admin' });
    // The same session now has the new role's powers.
    expect((await ops.call('GET', '/api/audit')).status).toBe(200);

    const disabled = await c.call('PUT', `/api/console-users/${id}`, { disabled: true });
    expect(disabled.json.user).toMatchObject({ disabled: true });
    expect((await ops.call('GET', '/api/session')).status).toBe(401);
    const relogin = await new ConsoleClient(bff.url).call('POST', '/api/session', {
      email: 'ops@example.com',
      password: 'operator password',
    });
    expect(relogin.status).toBe(401);

    const list = await c.call('GET', '/api/console-users');
    const me = (list.json.users as UserOut[]).find((u) => u.email === admin.email)!;
    const self = await c.call('PUT', `/api/console-users/${me.id}`, { disabled: true });
    expect(self.status).toBe(400);
    const demote = await c.call('PUT', `/api/console-users/${me.id}`, { role: 'viewer' });
    expect([demote.status, demote.json.code]).toEqual([409, 'conflict']);
    expect(demote.json.message).toMatch(/without an enabled admin/);
    expect((await c.call('GET', '/api/console-users')).status).toBe(200);
  });

  it('resets a password (old one and sessions stop working) and forces a logout', async () => {
    const c = await asAdmin();
    const created = await c.call('POST', '/api/console-users', {
      email: 'dev2@example.com',
      role: 'developer',
      password: 'developer password',
    });
    const id = (created.json.user as UserOut).id;
    const a = new ConsoleClient(bff.url);
    await a.login('dev2@example.com', 'developer password');
    const b = new ConsoleClient(bff.url);
    await b.login('dev2@example.com', 'developer password');

    const ended = await c.call('DELETE', `/api/console-users/${id}/sessions`);
    expect(ended.json).toEqual({ ended: 2 });
    expect((await a.call('GET', '/api/session')).status).toBe(401);
    expect((await b.call('GET', '/api/session')).status).toBe(401);

    await a.login('dev2@example.com', 'developer password');
    const reset = await c.call('POST', `/api/console-users/${id}/password-reset`);
    expect(reset.status).toBe(200);
    expect((await a.call('GET', '/api/session')).status).toBe(401);
    const old = await new ConsoleClient(bff.url).call('POST', '/api/session', {
      email: 'dev2@example.com',
      password: 'developer password',
    });
    expect(old.status).toBe(401);
    const link = reset.json.link as { url: string };
    const d = new ConsoleClient(bff.url);
    const used = await d.call('POST', '/api/password-link', {
      token: tokenOf(link.url),
      password: 'fresh password 99',
    });
    expect(used.status).toBe(200);
  });

  it('audits every change with before and after, and never the password', async () => {
    const c = await asAdmin();
    const r = await c.call('GET', '/api/audit?limit=100');
    const entries = r.json.results as {
      action: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    }[];
    const actions = new Set(entries.map((e) => e.action));
    for (const a of [
      'console_user.create',
      'console_user.update',
      'console_user.disable',
      'console_user.reset_password',
      'console_user.force_logout',
      'console.set_password',
    ]) {
      expect(actions, a).toContain(a);
    }
    const promotion = entries.find((e) => e.action === 'console_user.update' && e.after?.role === 'admin');
    expect(promotion?.before).toMatchObject({ email: 'ops@example.com', role: 'operator' });
    expect(r.text).not.toContain('operator password');
    expect(r.text).not.toContain('argon2');
  });
});
