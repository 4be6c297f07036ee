import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_IM_SETTINGS } from '../im/settings';
import { DEFAULT_PUSH_SETTINGS } from '../push/settings';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { session, signUp, uniqueName } from '../test/accounts';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

const login = (body: Record<string, unknown>) => t.request('POST', '/1.1/login', { body });
const settings = (patch: Record<string, boolean>) =>
  t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: patch });
const outbox = async (recipient: string) =>
  (await t.request('GET', '/1.1/switchboard/outbox', { auth: 'master', query: { recipient } })).json
    .results as { kind: string; link?: string }[];

describe('registration', () => {
  it('refuses missing or taken identifiers with their LeanCloud codes', async () => {
    const u = await signUp(t, {
      email: `${uniqueName('m')}@example.com`,
      mobilePhoneNumber: '+8613800000001',
    });
    const cases: [Record<string, unknown>, number][] = [
      [{ password: 'x1' }, 200],
      [{ username: uniqueName('u') }, 201],
      [{ username: u.username, password: 'x1' }, 202],
      [{ username: uniqueName('u'), password: 'x1', email: (await me(u)).email }, 203],
      [{ username: uniqueName('u'), password: 'x1', mobilePhoneNumber: '+8613800000001' }, 214],
      [{ username: uniqueName('u'), password: 'x1', email: 'not-an-address' }, 125],
      [{ username: uniqueName('u'), password: 'x1', emailVerified: true }, 119],
    ];
    for (const [body, code] of cases) {
      const r = await t.request('POST', '/1.1/users', { body });
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json.code, JSON.stringify(body)).toBe(code);
      expect(typeof r.json.error).toBe('string');
    }
  });

  it('stores an argon2id hash and hashed session tokens, never the secrets themselves', async () => {
    const u = await signUp(t);
    const [auth] = await t.server.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM lc_user_auth WHERE user_id = $1',
      [u.objectId],
    );
    // argon2id at OWASP's minimum cost (19 MiB, 2 passes, 1 lane).
    expect(auth?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(auth?.password_hash).not.toContain(u.password);
    const [row] = await t.server.sql.query<{ data: Record<string, unknown> }>(
      'SELECT data FROM "o__User" WHERE id = $1',
      [u.objectId],
    );
    expect(row?.data).not.toHaveProperty('password');
    const sessions = await t.server.sql.query<{ token_hash: string }>(
      'SELECT token_hash FROM lc_sessions WHERE user_id = $1',
      [u.objectId],
    );
    expect(sessions.map((s) => s.token_hash)).not.toContain(u.sessionToken);
  });
});

async function me(u: { sessionToken: string }) {
  return (await t.request('GET', '/1.1/users/me', { headers: session(u) })).json;
}

describe('no password or hash in any response', () => {
  it('register, login, me, get, query, include and batch never carry them', async () => {
    const u = await signUp(t, { nickname: 'n' });
    const post = await t.request('POST', '/1.1/classes/Note', {
      body: { owner: { __type: 'Pointer', className: '_User', objectId: u.objectId } },
    });
    const replies = [
      await login({ username: u.username, password: u.password }),
      await t.request('GET', '/1.1/users/me', { headers: session(u) }),
      await t.request('GET', `/1.1/users/${u.objectId}`),
      await t.request('GET', '/1.1/users', { auth: 'master' }),
      await t.request('GET', '/1.1/classes/_User', { auth: 'master', query: { keys: 'password,username' } }),
      await t.request('GET', `/1.1/classes/Note/${String(post.json.objectId)}`, {
        query: { include: 'owner' },
      }),
      await t.request('POST', '/1.1/batch', {
        auth: 'master',
        body: { requests: [{ method: 'GET', path: `/1.1/users/${u.objectId}` }] },
      }),
    ];
    for (const r of replies) {
      expect(r.status, r.text).toBe(200);
      expect(r.text).not.toContain(u.password);
      expect(r.text).not.toContain('$argon2');
      expect(r.text).not.toMatch(/"password"/);
    }
  });
});

describe('login', () => {
  it('answers 211 for an unknown user, 210 for a wrong password, and refuses two identifiers', async () => {
    const u = await signUp(t, { email: `${uniqueName('m')}@example.com` });
    expect((await login({ username: uniqueName('nobody'), password: 'x' })).json.code).toBe(211);
    expect((await login({ username: u.username, password: 'wrong' })).json.code).toBe(210);
    const two = await login({ username: u.username, email: (await me(u)).email, password: u.password });
    expect(two.status).toBe(400);
  });

  it('locks after the 7th failure, refuses the right password, and opens 15 minutes after the last failure', async () => {
    const u = await signUp(t);
    for (let i = 0; i < 6; i++)
      expect((await login({ username: u.username, password: 'bad' })).json.code).toBe(210);
    expect((await login({ username: u.username, password: 'bad' })).json.code).toBe(219);
    expect((await login({ username: u.username, password: u.password })).json.code).toBe(219);
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 14 * 60_000 } });
    expect((await login({ username: u.username, password: u.password })).json.code).toBe(219);
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 60_000 } });
    const ok = await login({ username: u.username, password: u.password });
    expect(ok.status, ok.text).toBe(200);
    await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { reset: true } });
  });

  it('each login opens its own session; refreshSessionToken closes them all', async () => {
    const u = await signUp(t);
    const second = String((await login({ username: u.username, password: u.password })).json.sessionToken);
    expect(second).not.toBe(u.sessionToken);
    expect((await me({ sessionToken: second })).objectId).toBe(u.objectId);
    const r = await t.request('PUT', `/1.1/users/${u.objectId}/refreshSessionToken`, { headers: session(u) });
    expect(r.status, r.text).toBe(200);
    for (const old of [u.sessionToken, second]) {
      const stale = await t.request('GET', '/1.1/users/me', { headers: { 'X-LC-Session': old } });
      expect(stale.json.code).toBe(211);
    }
    expect((await me({ sessionToken: String(r.json.sessionToken) })).objectId).toBe(u.objectId);
  });
});

describe('updates', () => {
  it('only the own session or the master key changes a user', async () => {
    const a = await signUp(t);
    const b = await signUp(t);
    const r = await t.request('PUT', `/1.1/users/${a.objectId}`, {
      headers: session(b),
      body: { nickname: 'x' },
    });
    expect([r.status, r.json.code]).toEqual([403, 206]);
    const viaClasses = await t.request('PUT', `/1.1/classes/_User/${a.objectId}`, {
      body: { nickname: 'x' },
    });
    expect(viaClasses.status).toBe(403);
    const m = await t.request('PUT', `/1.1/users/${a.objectId}`, { auth: 'master', body: { nickname: 'm' } });
    expect(m.status, m.text).toBe(200);
    expect((await me(a)).nickname).toBe('m');
  });

  it('a password set through update works for login', async () => {
    const u = await signUp(t);
    const r = await t.request('PUT', `/1.1/classes/_User/${u.objectId}`, {
      headers: session(u),
      body: { password: 'Fresh_123' },
    });
    expect(r.status, r.text).toBe(200);
    expect((await login({ username: u.username, password: 'Fresh_123' })).status).toBe(200);
    expect((await login({ username: u.username, password: u.password })).json.code).toBe(210);
  });

  it('with verification on, an e-mail change sets emailVerified false and mails a link that verifies it', async () => {
    await settings({ emailVerify: true });
    try {
      const u = await signUp(t);
      const email = `${uniqueName('v')}@example.com`;
      expect(
        (await t.request('PUT', `/1.1/users/${u.objectId}`, { headers: session(u), body: { email } })).status,
      ).toBe(200);
      expect((await me(u)).emailVerified).toBe(false);
      const [mail] = await outbox(email);
      expect(mail?.kind).toBe('verify_email');
      expect(mail?.link).toMatch(/\/auth\/verify-email\//);
    } finally {
      await settings({ emailVerify: false });
    }
  });

  it('another user reads the profile but not its authData', async () => {
    const a = await signUp(t, {
      authData: { someplatform: { uid: uniqueName('uid'), access_token: 'secret' } },
    });
    const b = await signUp(t);
    const seen = await t.request('GET', `/1.1/users/${a.objectId}`, { headers: session(b) });
    expect(seen.json.username).toBe(a.username);
    expect(seen.json).not.toHaveProperty('authData');
    expect((await me(a)).authData).toBeTruthy();
  });
});

describe('authData with UnionID', () => {
  it('a second platform of the same person logs in the same user and is linked to it', async () => {
    const unionid = uniqueName('union');
    const first = await t.request('POST', '/1.1/users', {
      body: {
        authData: { wxapp: { openid: uniqueName('o'), unionid, platform: 'weixin', main_account: true } },
      },
    });
    expect(first.status, first.text).toBe(201);
    const second = await t.request('POST', '/1.1/users', {
      body: {
        authData: { wxweb: { openid: uniqueName('o'), unionid, platform: 'weixin', main_account: false } },
      },
    });
    expect(second.status, second.text).toBe(200);
    expect(second.json.objectId).toBe(first.json.objectId);
    const authData = second.json.authData as Record<string, unknown>;
    expect(Object.keys(authData).sort()).toEqual(['_weixin_unionid', 'wxapp', 'wxweb']);
    expect(authData._weixin_unionid).toEqual({ uid: unionid });
  });

  it('failOnNotExist refuses to register', async () => {
    const r = await t.request('POST', '/1.1/users', {
      query: { failOnNotExist: 'true' },
      body: { authData: { someplatform: { uid: uniqueName('uid') } } },
    });
    expect(r.json.code).toBe(211);
  });

  it('an entry without uid is refused', async () => {
    const r = await t.request('POST', '/1.1/users', { body: { authData: { someplatform: { token: 'x' } } } });
    expect(r.status).toBe(400);
  });
});

describe('user queries and settings', () => {
  it('queries are closed to the application key until the setting opens them', async () => {
    const u = await signUp(t);
    const closed = await t.request('GET', '/1.1/users', { query: { where: { username: u.username } } });
    expect(closed.status).toBe(403);
    await settings({ userQueryOpen: true });
    try {
      const open = await t.request('GET', '/1.1/classes/_User', {
        query: { where: { username: u.username } },
      });
      expect((open.json.results as unknown[]).length).toBe(1);
    } finally {
      await settings({ userQueryOpen: false });
    }
  });

  it('settings need the master key and reject unknown names', async () => {
    expect((await t.request('GET', '/1.1/switchboard/settings')).status).toBe(403);
    const bad = await settings({ emailVerification: true });
    expect(bad.status).toBe(400);
    const got = await t.request('GET', '/1.1/switchboard/settings', { auth: 'master' });
    expect(got.json).toEqual({
      emailVerify: false,
      forbidUnverifiedEmailLogin: false,
      forceRelogin: false,
      userQueryOpen: false,
      clientClassCreation: true,
      ...DEFAULT_PUSH_SETTINGS,
      ...DEFAULT_IM_SETTINGS,
    });
  });

  it('forced re-login: updatePassword answers a new token and the old one is refused', async () => {
    await settings({ forceRelogin: true });
    try {
      const u = await signUp(t);
      const r = await t.request('PUT', `/1.1/users/${u.objectId}/updatePassword`, {
        headers: session(u),
        body: { old_password: u.password, new_password: 'Next_1234' },
      });
      expect(r.status, r.text).toBe(200);
      expect(r.json.sessionToken).not.toBe(u.sessionToken);
      const stale = await t.request('PUT', `/1.1/users/${u.objectId}`, {
        headers: session(u),
        body: { a: 1 },
      });
      expect(stale.status).toBe(403);
    } finally {
      await settings({ forceRelogin: false });
    }
  });
});

describe('password reset mail', () => {
  it('is recorded in the outbox for a known address; an unknown one gets 205', async () => {
    const email = `${uniqueName('r')}@example.com`;
    await signUp(t, { email });
    expect((await t.request('POST', '/1.1/requestPasswordReset', { body: { email } })).status).toBe(200);
    const [mail] = await outbox(email);
    expect(mail?.kind).toBe('reset_password');
    const unknown = await t.request('POST', '/1.1/requestPasswordReset', {
      body: { email: 'no@example.com' },
    });
    expect(unknown.json.code).toBe(205);
  });
});

describe('deleting a user', () => {
  it('removes its sessions, links and role memberships', async () => {
    const u = await signUp(t, { authData: { plat: { uid: uniqueName('uid') } } });
    const role = await t.request('POST', '/1.1/roles', {
      auth: 'master',
      body: {
        name: uniqueName('r'),
        ACL: { '*': { read: true } },
        users: {
          __op: 'AddRelation',
          objects: [{ __type: 'Pointer', className: '_User', objectId: u.objectId }],
        },
      },
    });
    expect(role.status, role.text).toBe(201);
    expect((await t.request('DELETE', `/1.1/users/${u.objectId}`, { headers: session(u) })).status).toBe(200);
    for (const table of ['lc_sessions', 'lc_auth_links', 'lc_user_auth']) {
      const rows = await t.server.sql.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [u.objectId]);
      expect(rows, table).toEqual([]);
    }
    const members = await t.server.sql.query('SELECT 1 FROM lc_relations WHERE target_id = $1', [u.objectId]);
    expect(members).toEqual([]);
  });
});

describe('login inside a batch', () => {
  it('is refused, so failed attempts cannot dodge the account lock', async () => {
    const u = await signUp(t);
    const r = await t.request('POST', '/1.1/batch', {
      body: {
        requests: [{ method: 'POST', path: '/1.1/login', body: { username: u.username, password: 'bad' } }],
      },
    });
    const [element] = r.body as { error?: { code: number; error: string } }[];
    // Refused as such (code 1), not checked as a password (210).
    expect(element?.error?.code).toBe(1);
    expect(element?.error?.error).toMatch(/inside a batch/);
    const rows = await t.server.sql.query<{ lock_state: { times: number[] } }>(
      'SELECT lock_state FROM lc_user_auth WHERE user_id = $1',
      [u.objectId],
    );
    expect(rows[0]?.lock_state.times).toEqual([]);
  });
});
