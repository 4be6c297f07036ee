import { LcCode } from '@switchboard/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { Reply, TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());
// Every test starts with no users, codes or outbox, and the clock back at real time.
beforeEach(async () => {
  expect((await t.request('POST', '/1.1/__test/reset', { auth: 'master' })).status).toBe(200);
});

const MINUTE = 60_000;

async function advance(ms: number) {
  expect(
    (await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: ms } })).status,
  ).toBe(200);
}

/** The newest SMS sent to `phone`, as the outbox recorded it. */
async function lastSms(phone: string): Promise<{ code: string; body: string; kind: string }> {
  const r = await t.request('GET', '/1.1/switchboard/outbox', {
    auth: 'master',
    query: { recipient: phone, channel: 'sms' },
  });
  const sms = (r.json.results as { code: string; body: string; kind: string }[])[0];
  if (!sms) throw new Error(`no SMS to ${phone}`);
  return sms;
}

const smsCount = async (phone: string) =>
  (
    (
      await t.request('GET', '/1.1/switchboard/outbox', {
        auth: 'master',
        query: { recipient: phone, channel: 'sms' },
      })
    ).json.results as unknown[]
  ).length;

/** A six-digit code other than `code`. */
const wrongCode = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

function expectError(r: Reply, status: number, code: number) {
  expect({ status: r.status, code: r.json.code }).toEqual({ status, code });
  expect(typeof r.json.error).toBe('string');
}

async function signUp(username: string, fields: Record<string, unknown> = {}) {
  const r = await t.request('POST', '/1.1/users', { body: { username, password: 'old-secret', ...fields } });
  expect(r.status).toBe(201);
  return { id: String(r.json.objectId), token: String(r.json.sessionToken) };
}

const me = (token: string) => t.request('GET', '/1.1/users/me', { headers: { 'X-LC-Session': token } });

const request = (path: string, phone: unknown, headers: Record<string, string> = {}) =>
  t.request('POST', `/1.1/${path}`, { body: { mobilePhoneNumber: phone }, headers });

describe('SMS codes', () => {
  it('sends six digits to the outbox, and checks the number', async () => {
    expect((await request('requestSmsCode', '+8613800000001')).status).toBe(200);
    const sms = await lastSms('+8613800000001');
    expect(sms.code).toMatch(/^\d{6}$/);
    expect(sms.kind).toBe('signup_or_login');
    expect(sms.body).toContain(sms.code);
    expectError(await request('requestSmsCode', undefined), 400, LcCode.PhoneMissing);
    expectError(await request('requestSmsCode', '12-34'), 400, LcCode.InvalidPhoneNumber);
    expectError(await request('requestSmsCode', '12345'), 400, LcCode.InvalidPhoneNumber);
    expectError(await request('requestSmsCode', 13800000001), 400, LcCode.InvalidPhoneNumber);
  });

  it('refuses a new code within a minute; after it, the new code replaces the old', async () => {
    await request('requestSmsCode', '13800000002');
    const first = (await lastSms('13800000002')).code;
    await advance(59_000);
    expectError(await request('requestSmsCode', '13800000002'), 429, LcCode.SmsTooFrequent);
    expect(await smsCount('13800000002')).toBe(1);
    // Another purpose for the same number is throttled on its own.
    await signUp('other', { mobilePhoneNumber: '13800000002' });
    expect((await request('requestLoginSmsCode', '13800000002')).status).toBe(200);
    await advance(2_000);
    expect((await request('requestSmsCode', '13800000002')).status).toBe(200);
    const second = (await lastSms('13800000002')).code;
    if (second !== first) {
      const old = await t.request('POST', '/1.1/usersByMobilePhone', {
        body: { mobilePhoneNumber: '13800000002', smsCode: first },
      });
      expectError(old, 400, LcCode.InvalidSmsCode);
    }
  });

  it('expires a code after ten minutes of server time', async () => {
    await request('requestSmsCode', '13800000003');
    const { code } = await lastSms('13800000003');
    await advance(10 * MINUTE);
    const r = await t.request('POST', '/1.1/usersByMobilePhone', {
      body: { mobilePhoneNumber: '13800000003', smsCode: code },
    });
    expectError(r, 400, LcCode.InvalidSmsCode);
  });

  it('survives four wrong guesses, and the fifth voids it', async () => {
    const signUpWith = (phone: string, smsCode: string) =>
      t.request('POST', '/1.1/usersByMobilePhone', { body: { mobilePhoneNumber: phone, smsCode } });
    await request('requestSmsCode', '13800000004');
    const four = (await lastSms('13800000004')).code;
    for (let i = 1; i <= 4; i++) expectError(await signUpWith('13800000004', wrongCode(four, i)), 400, 603);
    expect((await signUpWith('13800000004', four)).status).toBe(201);

    await request('requestSmsCode', '13800000005');
    const five = (await lastSms('13800000005')).code;
    for (let i = 1; i <= 5; i++) expectError(await signUpWith('13800000005', wrongCode(five, i)), 400, 603);
    expectError(await signUpWith('13800000005', five), 400, LcCode.InvalidSmsCode);
  });
  it('refuses to run inside a batch, where a failed guess would be rolled back', async () => {
    await signUp('batcher', { mobilePhoneNumber: '13800000006' });
    const r = await t.request('POST', '/1.1/batch', {
      body: {
        requests: [
          { method: 'POST', path: '/1.1/requestLoginSmsCode', body: { mobilePhoneNumber: '13800000006' } },
          {
            method: 'POST',
            path: '/1.1/login',
            body: { mobilePhoneNumber: '13800000006', smsCode: '000000' },
          },
          { method: 'POST', path: '/1.1/verifyMobilePhone/000000' },
        ],
      },
    });
    expect(r.status).toBe(200);
    for (const element of r.body as { error?: { code: number } }[])
      expect(element.error?.code).toBe(LcCode.InvalidParameter);
    expect(await smsCount('13800000006')).toBe(0);
  });
});

describe('usersByMobilePhone', () => {
  it('registers with 201 and the number as username, then logs the same user in with 200', async () => {
    await request('requestSmsCode', '13800000010');
    const first = await t.request('POST', '/1.1/usersByMobilePhone', {
      body: {
        mobilePhoneNumber: '13800000010',
        smsCode: (await lastSms('13800000010')).code,
        nickname: 'Ann',
      },
    });
    expect(first.status).toBe(201);
    const id = String(first.json.objectId);
    expect(first.headers.get('location')).toBe(`${t.url}/1.1/users/${id}`);
    expect(first.json).toMatchObject({
      username: '13800000010',
      mobilePhoneNumber: '13800000010',
      mobilePhoneVerified: true,
      nickname: 'Ann',
      sessionToken: expect.any(String),
    });
    expect(first.json).not.toHaveProperty('smsCode');
    expect((await me(String(first.json.sessionToken))).json).toMatchObject({
      objectId: id,
      mobilePhoneVerified: true,
    });

    await advance(MINUTE);
    await request('requestSmsCode', '13800000010');
    const code = (await lastSms('13800000010')).code;
    const again = await t.request('POST', '/1.1/usersByMobilePhone', {
      body: { mobilePhoneNumber: '13800000010', smsCode: code },
    });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({
      objectId: id,
      username: '13800000010',
      sessionToken: expect.any(String),
    });
    // Single use.
    const reused = await t.request('POST', '/1.1/usersByMobilePhone', {
      body: { mobilePhoneNumber: '13800000010', smsCode: code },
    });
    expectError(reused, 400, LcCode.InvalidSmsCode);
  });

  it('needs the code and refuses a wrong one', async () => {
    await request('requestSmsCode', '13800000011');
    const { code } = await lastSms('13800000011');
    const body = (smsCode?: string) => ({ body: { mobilePhoneNumber: '13800000011', smsCode } });
    expectError(await t.request('POST', '/1.1/usersByMobilePhone', body()), 400, LcCode.InvalidSmsCode);
    expectError(
      await t.request('POST', '/1.1/usersByMobilePhone', body(wrongCode(code))),
      400,
      LcCode.InvalidSmsCode,
    );
    const noPhone = await t.request('POST', '/1.1/usersByMobilePhone', { body: { smsCode: code } });
    expectError(noPhone, 400, LcCode.PhoneMissing);
    // A code for another purpose does not register anyone.
    await signUp('holder', { mobilePhoneNumber: '13800000012' });
    await request('requestLoginSmsCode', '13800000012');
    const loginCode = (await lastSms('13800000012')).code;
    const r = await t.request('POST', '/1.1/usersByMobilePhone', {
      body: { mobilePhoneNumber: '13800000012', smsCode: loginCode },
    });
    expectError(r, 400, LcCode.InvalidSmsCode);
  });
});

describe('phone verification', () => {
  it('sets mobilePhoneVerified with the code alone or with the number', async () => {
    expectError(await request('requestMobilePhoneVerify', '13800000020'), 400, LcCode.PhoneNotFound);
    const u = await signUp('verifier', { mobilePhoneNumber: '13800000020' });
    expect((await me(u.token)).json.mobilePhoneVerified).toBe(false);
    expect((await request('requestMobilePhoneVerify', '13800000020')).status).toBe(200);
    const { code } = await lastSms('13800000020');
    expectError(
      await t.request('POST', `/1.1/verifyMobilePhone/${wrongCode(code)}`),
      400,
      LcCode.InvalidSmsCode,
    );
    expect((await t.request('POST', `/1.1/verifyMobilePhone/${code}`)).status).toBe(200);
    expect((await me(u.token)).json.mobilePhoneVerified).toBe(true);
    expectError(await t.request('POST', `/1.1/verifyMobilePhone/${code}`), 400, LcCode.InvalidSmsCode);
    expectError(await request('requestMobilePhoneVerify', '13800000020'), 400, LcCode.InvalidParameter);

    const v = await signUp('verifier2', { mobilePhoneNumber: '13800000021' });
    await request('requestMobilePhoneVerify', '13800000021');
    const code2 = (await lastSms('13800000021')).code;
    const withWrongPhone = await t.request('POST', `/1.1/verifyMobilePhone/${code2}`, {
      body: { mobilePhoneNumber: '13800000020' },
    });
    expectError(withWrongPhone, 400, LcCode.InvalidSmsCode);
    const withPhone = await t.request('POST', `/1.1/verifyMobilePhone/${code2}`, {
      body: { mobilePhoneNumber: '13800000021' },
    });
    expect(withPhone.status).toBe(200);
    expect((await me(v.token)).json.mobilePhoneVerified).toBe(true);
  });
});

describe('phone change', () => {
  it('sends a code to the new number and sets it, verified, with the code', async () => {
    const u = await signUp('changer', { mobilePhoneNumber: '13800000030' });
    await signUp('neighbour', { mobilePhoneNumber: '13800000031' });
    const session = { 'X-LC-Session': u.token };
    expectError(await request('requestChangePhoneNumber', '13800000032'), 403, LcCode.SessionMissing);
    expectError(await request('requestChangePhoneNumber', '13800000031', session), 400, LcCode.PhoneTaken);
    expectError(await request('requestChangePhoneNumber', 'x', session), 400, LcCode.InvalidPhoneNumber);
    expect((await request('requestChangePhoneNumber', '13800000032', session)).status).toBe(200);
    const { code } = await lastSms('13800000032');

    const change = (body: Record<string, unknown>, headers: Record<string, string> = session) =>
      t.request('POST', '/1.1/changePhoneNumber', { body, headers });
    expectError(await change({ mobilePhoneNumber: '13800000032', code }, {}), 403, LcCode.SessionMissing);
    // Another user's session cannot redeem the code.
    const other = await signUp('intruder');
    expectError(
      await change({ mobilePhoneNumber: '13800000032', code }, { 'X-LC-Session': other.token }),
      400,
      LcCode.InvalidSmsCode,
    );
    expectError(
      await change({ mobilePhoneNumber: '13800000032', code: wrongCode(code) }),
      400,
      LcCode.InvalidSmsCode,
    );
    expect((await change({ mobilePhoneNumber: '13800000032', code })).status).toBe(200);
    expect((await me(u.token)).json).toMatchObject({
      mobilePhoneNumber: '13800000032',
      mobilePhoneVerified: true,
    });
    expectError(await change({ mobilePhoneNumber: '13800000032', code }), 400, LcCode.InvalidSmsCode);
  });
});

describe('login by SMS code', () => {
  it('logs in with the code from requestLoginSmsCode', async () => {
    expectError(await request('requestLoginSmsCode', '13800000040'), 400, LcCode.PhoneNotFound);
    const u = await signUp('smslogin', { mobilePhoneNumber: '13800000040' });
    expect((await request('requestLoginSmsCode', '13800000040')).status).toBe(200);
    const { code } = await lastSms('13800000040');
    const login = (smsCode: string) =>
      t.request('POST', '/1.1/login', { body: { mobilePhoneNumber: '13800000040', smsCode } });
    expectError(await login(wrongCode(code)), 400, LcCode.InvalidSmsCode);
    const ok = await login(code);
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ objectId: u.id, username: 'smslogin', sessionToken: expect.any(String) });
    expect((await me(String(ok.json.sessionToken))).json.objectId).toBe(u.id);
    expectError(await login(code), 400, LcCode.InvalidSmsCode);
    const unknown = await t.request('POST', '/1.1/login', {
      body: { mobilePhoneNumber: '13899999999', smsCode: code },
    });
    expectError(unknown, 400, LcCode.UserNotFound);
  });

  it('counts wrong codes toward the account lock, and refuses the right one while locked', async () => {
    await signUp('locked', { mobilePhoneNumber: '13800000041' });
    await request('requestLoginSmsCode', '13800000041');
    const { code } = await lastSms('13800000041');
    const login = (smsCode: string) =>
      t.request('POST', '/1.1/login', { body: { mobilePhoneNumber: '13800000041', smsCode } });
    for (let i = 1; i <= 6; i++) expectError(await login(wrongCode(code, i)), 400, LcCode.InvalidSmsCode);
    expectError(await login(wrongCode(code, 7)), 400, LcCode.AccountLocked);
    // A fresh, correct code is refused while locked...
    await advance(MINUTE);
    await request('requestLoginSmsCode', '13800000041');
    expectError(await login((await lastSms('13800000041')).code), 400, LcCode.AccountLocked);
    // ...and so is the password.
    const pw = await t.request('POST', '/1.1/login', {
      body: { username: 'locked', password: 'old-secret' },
    });
    expectError(pw, 400, LcCode.AccountLocked);
    // 15 minutes after the last failure the lock opens.
    await advance(15 * MINUTE);
    await request('requestLoginSmsCode', '13800000041');
    expect((await login((await lastSms('13800000041')).code)).status).toBe(200);
  });
});

describe('password reset by SMS code', () => {
  it('sets the password and closes every session', async () => {
    expectError(await request('requestPasswordResetBySmsCode', '13800000050'), 400, LcCode.PhoneNotFound);
    const u = await signUp('resetter', { mobilePhoneNumber: '13800000050' });
    expect((await request('requestPasswordResetBySmsCode', '13800000050')).status).toBe(200);
    const { code } = await lastSms('13800000050');
    const reset = (c: string, body: Record<string, unknown>) =>
      t.request('PUT', `/1.1/resetPasswordBySmsCode/${c}`, { body });
    expectError(await reset(code, {}), 400, LcCode.PasswordMissing);
    expectError(await reset(wrongCode(code), { password: 'new-secret' }), 400, LcCode.InvalidSmsCode);
    expect((await reset(code, { password: 'new-secret' })).status).toBe(200);

    expectError(await me(u.token), 400, LcCode.UserNotFound);
    const login = (password: string) =>
      t.request('POST', '/1.1/login', { body: { username: 'resetter', password } });
    expectError(await login('old-secret'), 400, LcCode.PasswordMismatch);
    expect((await login('new-secret')).status).toBe(200);
    expectError(await reset(code, { password: 'third' }), 400, LcCode.InvalidSmsCode);
  });

  it('checks the number when the body names one', async () => {
    await signUp('resetter2', { mobilePhoneNumber: '13800000051' });
    await request('requestPasswordResetBySmsCode', '13800000051');
    const { code } = await lastSms('13800000051');
    const reset = (mobilePhoneNumber: string) =>
      t.request('PUT', `/1.1/resetPasswordBySmsCode/${code}`, {
        body: { password: 'new-secret', mobilePhoneNumber },
      });
    expectError(await reset('13800000052'), 400, LcCode.InvalidSmsCode);
    expect((await reset('13800000051')).status).toBe(200);
  });

  it('counts wrong guesses without a number against every live code', async () => {
    await signUp('resetter3', { mobilePhoneNumber: '13800000053' });
    await request('requestPasswordResetBySmsCode', '13800000053');
    const { code } = await lastSms('13800000053');
    for (let i = 1; i <= 5; i++) {
      const r = await t.request('PUT', `/1.1/resetPasswordBySmsCode/${wrongCode(code, i)}`, {
        body: { password: 'x' },
      });
      expectError(r, 400, LcCode.InvalidSmsCode);
    }
    const r = await t.request('PUT', `/1.1/resetPasswordBySmsCode/${code}`, { body: { password: 'x' } });
    expectError(r, 400, LcCode.InvalidSmsCode);
  });
});
