import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { authenticate, SIGN_WINDOW_MS } from './auth';
import type { Credentials } from './auth';

const keys = { appId: 'id1', appKey: 'appkey', masterKey: 'masterkey' };
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
/** The server's time in these tests; signatures below are made at it unless said otherwise. */
const NOW = 1_760_000_000_000;
const sign = (ts: number, key: string, master = false) =>
  `${md5(`${ts}${key}`)},${ts}${master ? ',master' : ''}`;
const creds = (c: Partial<Credentials>): Credentials => ({
  appId: 'id1',
  key: undefined,
  sign: undefined,
  session: undefined,
  ...c,
});

function refusal(c: Credentials): ApiError {
  try {
    authenticate(c, keys, NOW);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the credentials to be refused');
}

describe('authenticate (Doc 1 Authentication)', () => {
  it('accepts the application key and the master key with ",master"', () => {
    expect(authenticate(creds({ key: 'appkey' }), keys, NOW)).toEqual({
      master: false,
      sessionToken: undefined,
    });
    expect(authenticate(creds({ key: 'masterkey,master', session: 's1' }), keys, NOW)).toEqual({
      master: true,
      sessionToken: 's1',
    });
  });

  it('accepts lowercase signatures made with the app key, and with the master key plus suffix', () => {
    expect(authenticate(creds({ sign: sign(NOW, 'appkey') }), keys, NOW).master).toBe(false);
    expect(authenticate(creds({ sign: sign(NOW, 'masterkey', true) }), keys, NOW).master).toBe(true);
  });

  it.each([
    ['no X-LC-Id', creds({ appId: undefined, key: 'appkey' })],
    ['an unknown X-LC-Id', creds({ appId: 'other', key: 'appkey' })],
    ['no key and no sign', creds({})],
    ['a wrong key', creds({ key: 'appkeyx' })],
    ['the master key without ",master"', creds({ key: 'masterkey' })],
    ['the app key with ",master"', creds({ key: 'appkey,master' })],
    ['an uppercase signature', creds({ sign: sign(NOW, 'appkey').toUpperCase() })],
    ['a signature with a wrong key', creds({ sign: sign(NOW, 'nope') })],
    ['a master signature without the suffix', creds({ sign: sign(NOW, 'masterkey') })],
    ['an app-key signature with the suffix', creds({ sign: sign(NOW, 'appkey', true) })],
    ['a malformed signature', creds({ sign: 'abc' })],
  ])('refuses %s with 401 and code 401', (_label, c) => {
    const e = refusal(c);
    expect(e.status).toBe(401);
    expect(e.code).toBe(401);
    expect(e.message).toMatch(/^Unauthorized\./);
  });

  it('accepts signatures up to 15 minutes old or ahead of the server clock', () => {
    for (const ts of [NOW - SIGN_WINDOW_MS, NOW + SIGN_WINDOW_MS, NOW - 60_000, NOW + 60_000]) {
      expect(authenticate(creds({ sign: sign(ts, 'appkey') }), keys, NOW).master).toBe(false);
      expect(authenticate(creds({ sign: sign(ts, 'masterkey', true) }), keys, NOW).master).toBe(true);
    }
  });

  it.each([
    ['older than 15 minutes', NOW - SIGN_WINDOW_MS - 1],
    ['more than 15 minutes ahead', NOW + SIGN_WINDOW_MS + 1],
    ['a day old', NOW - 86_400_000],
    ['at 0', 0],
    ['in seconds, not milliseconds', Math.floor(NOW / 1000)],
  ])('refuses a correct master signature %s like a bad one (401, code 401), saying why', (_label, ts) => {
    for (const c of [creds({ sign: sign(ts, 'masterkey', true) }), creds({ sign: sign(ts, 'appkey') })]) {
      const e = refusal(c);
      expect(e.status).toBe(401);
      expect(e.code).toBe(401);
      expect(e.message).toMatch(/^Unauthorized\. The X-LC-Sign timestamp is outside the 15-minute window/);
    }
  });
});
