import { randomBytes } from 'node:crypto';
import type { TestServer } from './harness';

/** A registered user as the tests use it. */
export interface TestUser {
  objectId: string;
  username: string;
  password: string;
  sessionToken: string;
}

export const session = (u: { sessionToken: string }) => ({ 'X-LC-Session': u.sessionToken });

export const uniqueName = (label: string) => `${label}_${randomBytes(5).toString('hex')}`;

export async function signUp(t: TestServer, extra: Record<string, unknown> = {}): Promise<TestUser> {
  const username = typeof extra.username === 'string' ? extra.username : uniqueName('u');
  const password =
    typeof extra.password === 'string' ? extra.password : `Pw_${randomBytes(4).toString('hex')}`;
  const r = await t.request('POST', '/1.1/users', { body: { ...extra, username, password } });
  if (r.status !== 201) throw new Error(`sign-up failed: ${r.status} ${r.text}`);
  return { objectId: String(r.json.objectId), username, password, sessionToken: String(r.json.sessionToken) };
}

export const pointer = (className: string, objectId: string) => ({ __type: 'Pointer', className, objectId });

/** The link of the newest mail of `kind` to `email`, read from the outbox. */
export async function lastMailLink(t: TestServer, email: string, kind: string): Promise<string> {
  const r = await t.request('GET', '/1.1/switchboard/outbox', {
    auth: 'master',
    query: { recipient: email, channel: 'mail' },
  });
  const mail = (r.json.results as { kind: string; link?: string }[]).find((m) => m.kind === kind);
  if (!mail?.link) throw new Error(`no ${kind} mail to ${email}`);
  return mail.link;
}
