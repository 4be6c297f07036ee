import { expect } from 'vitest';
import { startTestServer } from './harness';
import type { Reply, TestServer } from './harness';
import { pointer, session, signUp, uniqueName } from './accounts';
import type { TestUser } from './accounts';

// The world of the _User privacy tests: a victim linked to a third-party account (its access
// token is the secret the attacks go after), an attacker, and a Probe object pointing at the victim.

export const PROBE = 'PrivProbe';

export interface PrivacyWorld {
  t: TestServer;
  victim: TestUser & { token: string; email: string };
  attacker: TestUser;
  /** The count of Probe objects a where matches, as one guess of the attack reads it. */
  probeCount(where: unknown, headers?: Record<string, string>, auth?: 'app' | 'master'): Promise<Reply>;
  /** Runs `fn` with the _User query permission open, closing it again afterwards. */
  withUserQueryOpen(fn: () => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

export const inUsers = (where: unknown) => ({ u: { $inQuery: { className: '_User', where } } });

export function expectUserFindRefused(r: Reply): void {
  expect(r.status, r.text).toBe(403);
  expect(r.json).toEqual({ code: 403, error: "Forbidden to find by class '_User' permissions." });
}

export function expectHiddenRefused(r: Reply, field: string): void {
  expect(r.status, r.text).toBe(403);
  expect(r.json.code).toBe(119);
  expect(String(r.json.error)).toContain(field);
}

export async function startPrivacyWorld(): Promise<PrivacyWorld> {
  const t = await startTestServer();
  const token = `S${uniqueName('tok')}`;
  const linked = await t.request('POST', '/1.1/users', {
    body: { authData: { weixin: { uid: uniqueName('wx'), access_token: token } } },
  });
  expect(linked.status, linked.text).toBe(201);
  const email = `${uniqueName('v')}@example.com`;
  const v = {
    objectId: String(linked.json.objectId),
    username: String(linked.json.username),
    password: '',
    sessionToken: String(linked.json.sessionToken),
  };
  const put = await t.request('PUT', `/1.1/users/${v.objectId}`, {
    headers: session(v),
    body: { email, mobilePhoneNumber: '+8613900000077' },
  });
  expect(put.status, put.text).toBe(200);
  const probe = await t.request('POST', `/1.1/classes/${PROBE}`, {
    body: { u: pointer('_User', v.objectId), label: 'victim' },
  });
  expect(probe.status, probe.text).toBe(201);
  const settings = (patch: Record<string, boolean>) =>
    t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: patch });
  return {
    t,
    victim: { ...v, token, email },
    attacker: await signUp(t),
    probeCount: (where, headers = {}, auth = 'app') =>
      t.request('GET', `/1.1/classes/${PROBE}`, { auth, headers, query: { where, count: '1', limit: '0' } }),
    async withUserQueryOpen(fn) {
      await settings({ userQueryOpen: true });
      try {
        await fn();
      } finally {
        await settings({ userQueryOpen: false });
      }
    },
    close: () => t.close(),
  };
}
