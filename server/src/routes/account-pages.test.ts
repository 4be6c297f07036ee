import { LcCode } from '@switchboard/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { lastMailLink } from '../test/accounts';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
beforeEach(async () => {
  expect((await t.request('POST', '/1.1/__test/reset', { auth: 'master' })).status).toBe(200);
  await t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: { emailVerify: true } });
});

const WEEK = 7 * 24 * 3600 * 1000;

async function advance(ms: number) {
  expect(
    (await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: ms } })).status,
  ).toBe(200);
}

const lastLink = (email: string, kind: 'verify_email' | 'reset_password') => lastMailLink(t, email, kind);

async function signUp(username: string, email: string) {
  const r = await t.request('POST', '/1.1/users', { body: { username, password: 'old-secret', email } });
  expect(r.status).toBe(201);
  return { id: String(r.json.objectId), token: String(r.json.sessionToken) };
}

const me = (token: string) => t.request('GET', '/1.1/users/me', { headers: { 'X-LC-Session': token } });

async function open(url: string) {
  const res = await fetch(url, { redirect: 'manual' });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

async function submit(url: string, fields: Record<string, string>) {
  const res = await fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, headers: res.headers, html: await res.text() };
}

function expectPageHeaders(headers: Headers) {
  expect(headers.get('content-type')).toBe('text/html; charset=utf-8');
  expect(headers.get('content-security-policy')).toContain("default-src 'none'");
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('cache-control')).toBe('no-store');
  expect(headers.get('referrer-policy')).toBe('no-referrer');
}

describe('e-mail verification link', () => {
  it('sets emailVerified once, and a second visit says the link is used', async () => {
    const u = await signUp('ann', 'ann@example.com');
    expect((await me(u.token)).json.emailVerified).toBe(false);
    const link = await lastLink('ann@example.com', 'verify_email');
    expect(link).toMatch(new RegExp(`^${t.url}/auth/verify-email/[\\w-]+$`));

    const page = await open(link);
    expect(page.status).toBe(200);
    expectPageHeaders(page.headers);
    expect(page.html).toContain('verified');
    expect((await me(u.token)).json.emailVerified).toBe(true);

    const again = await open(link);
    expect(again.status).toBe(410);
    expectPageHeaders(again.headers);
    expect(again.html).toContain('already been used');
    expect((await open(`${t.url}/auth/verify-email/no-such-token`)).status).toBe(404);
  });

  it('is refused after a week, and after the e-mail changed', async () => {
    const u = await signUp('bob', 'bob@example.com');
    const link = await lastLink('bob@example.com', 'verify_email');
    await advance(WEEK + 60_000);
    const late = await open(link);
    expect(late.status).toBe(410);
    expect(late.html).toContain('expired');
    expect((await me(u.token)).json.emailVerified).toBe(false);

    const v = await signUp('cat', 'cat@example.com');
    const old = await lastLink('cat@example.com', 'verify_email');
    const put = await t.request('PUT', `/1.1/users/${v.id}`, {
      body: { email: 'cat2@example.com' },
      headers: { 'X-LC-Session': v.token },
    });
    expect(put.status).toBe(200);
    expect((await open(old)).status).toBe(410);
    expect((await me(v.token)).json.emailVerified).toBe(false);
    expect((await open(await lastLink('cat2@example.com', 'verify_email'))).status).toBe(200);
    expect((await me(v.token)).json).toMatchObject({ email: 'cat2@example.com', emailVerified: true });
  });
});

describe('password reset link', () => {
  async function resetLink(username: string, email: string) {
    const u = await signUp(username, email);
    expect((await t.request('POST', '/1.1/requestPasswordReset', { body: { email } })).status).toBe(200);
    return { ...u, link: await lastLink(email, 'reset_password') };
  }
  const login = (username: string, password: string) =>
    t.request('POST', '/1.1/login', { body: { username, password } });

  it('shows a form that sets the password once and closes the sessions', async () => {
    const u = await resetLink('dan', 'dan@example.com');
    expect(u.link).toMatch(new RegExp(`^${t.url}/auth/reset-password/[\\w-]+$`));
    const form = await open(u.link);
    expect(form.status).toBe(200);
    expectPageHeaders(form.headers);
    expect(form.html).toMatch(/<form method="post">/);
    expect(form.html).toContain('name="password"');
    expect(form.html).toContain('name="confirm"');
    expect(form.html).not.toMatch(/<script|<style|style=/i);

    const differ = await submit(u.link, { password: 'new-secret', confirm: 'other' });
    expect(differ.status).toBe(400);
    expect(differ.html).toContain('differ');
    expect((await submit(u.link, { password: '', confirm: '' })).status).toBe(400);
    expect((await login('dan', 'old-secret')).status).toBe(200);

    const done = await submit(u.link, { password: 'new-secret', confirm: 'new-secret' });
    expect(done.status).toBe(200);
    expectPageHeaders(done.headers);
    expect((await login('dan', 'new-secret')).status).toBe(200);
    expect((await login('dan', 'old-secret')).json.code).toBe(LcCode.PasswordMismatch);
    expect((await me(u.token)).json.code).toBe(LcCode.UserNotFound);

    const reused = await submit(u.link, { password: 'third-secret', confirm: 'third-secret' });
    expect(reused.status).toBe(410);
    expect((await open(u.link)).status).toBe(410);
    expect((await login('dan', 'new-secret')).status).toBe(200);
  });

  it('is refused after a week', async () => {
    const u = await resetLink('eve', 'eve@example.com');
    await advance(WEEK + 60_000);
    expect((await open(u.link)).status).toBe(410);
    const late = await submit(u.link, { password: 'new-secret', confirm: 'new-secret' });
    expect(late.status).toBe(410);
    expect(late.html).toContain('expired');
    expect((await login('eve', 'old-secret')).status).toBe(200);
  });

  it('takes only a form body', async () => {
    const u = await resetLink('fay', 'fay@example.com');
    const json = await fetch(u.link, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ password: 'new-secret', confirm: 'new-secret' }),
    });
    expect(json.status).toBe(415);
    expect((await login('fay', 'old-secret')).status).toBe(200);
  });
});
