import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { authenticate } from './auth';
import type { Credentials } from './auth';

const keys = { appId: 'id1', appKey: 'appkey', masterKey: 'masterkey' };
const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const creds = (c: Partial<Credentials>): Credentials => ({
  appId: 'id1',
  key: undefined,
  sign: undefined,
  session: undefined,
  ...c,
});

function refusal(c: Credentials): ApiError {
  try {
    authenticate(c, keys);
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected the credentials to be refused');
}

describe('authenticate (Doc 1 Authentication)', () => {
  it('accepts the application key and the master key with ",master"', () => {
    expect(authenticate(creds({ key: 'appkey' }), keys)).toEqual({ master: false, sessionToken: undefined });
    expect(authenticate(creds({ key: 'masterkey,master', session: 's1' }), keys)).toEqual({
      master: true,
      sessionToken: 's1',
    });
  });

  it('accepts lowercase signatures made with the app key, and with the master key plus suffix', () => {
    expect(authenticate(creds({ sign: `${md5('123appkey')},123` }), keys).master).toBe(false);
    expect(authenticate(creds({ sign: `${md5('123masterkey')},123,master` }), keys).master).toBe(true);
  });

  it.each([
    ['no X-LC-Id', creds({ appId: undefined, key: 'appkey' })],
    ['an unknown X-LC-Id', creds({ appId: 'other', key: 'appkey' })],
    ['no key and no sign', creds({})],
    ['a wrong key', creds({ key: 'appkeyx' })],
    ['the master key without ",master"', creds({ key: 'masterkey' })],
    ['the app key with ",master"', creds({ key: 'appkey,master' })],
    ['an uppercase signature', creds({ sign: `${md5('1000appkey').toUpperCase()},1000` })],
    ['a signature with a wrong key', creds({ sign: `${md5('1000nope')},1000` })],
    ['a master signature without the suffix', creds({ sign: `${md5('1000masterkey')},1000` })],
    ['an app-key signature with the suffix', creds({ sign: `${md5('1000appkey')},1000,master` })],
    ['a malformed signature', creds({ sign: 'abc' })],
  ])('refuses %s with 401 and code 401', (_label, c) => {
    const e = refusal(c);
    expect(e.status).toBe(401);
    expect(e.code).toBe(401);
    expect(e.message).toMatch(/^Unauthorized\./);
  });
});
