import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const BASE = { LC_APP_ID: 'id', LC_APP_KEY: 'app', LC_MASTER_KEY: 'master' };
const load = (env: Record<string, string>) => loadConfig({ ...BASE, ...env });

describe('PUBLIC_URL', () => {
  it('is optional, and kept without a trailing slash', () => {
    expect(load({}).PUBLIC_URL).toBeUndefined();
    expect(load({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
    expect(load({ PUBLIC_URL: 'https://api.example.com/' }).PUBLIC_URL).toBe('https://api.example.com');
    expect(load({ PUBLIC_URL: ' http://10.0.0.5:3100/lc/ ' }).PUBLIC_URL).toBe('http://10.0.0.5:3100/lc');
    expect(load({ PUBLIC_URL: 'https://[::1]:8443' }).PUBLIC_URL).toBe('https://[::1]:8443');
  });

  it.each([
    ['a bare host name', 'api.example.com', /absolute URL/],
    ['a relative path', '/lc', /absolute URL/],
    ['another scheme', 'ftp://api.example.com', /http:\/\/ or https:\/\//],
    ['a script', 'javascript:alert(1)', /http:\/\/ or https:\/\//],
    ['a query', 'https://api.example.com/?x=1', /no query/],
    ['an empty query', 'https://api.example.com/?', /no query/],
    ['a fragment', 'https://api.example.com/#top', /fragment/],
    ['credentials', 'https://user:pw@api.example.com', /user name or password/],
  ])('refuses %s at startup, saying what is wrong', (_label, value, why) => {
    expect(() => load({ PUBLIC_URL: value })).toThrow(/invalid server configuration:\n {2}PUBLIC_URL: /);
    expect(() => load({ PUBLIC_URL: value })).toThrow(why);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['0', false],
    ['false', false],
    ['1', 1],
    ['true', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [
      ' 10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1, loopback ',
      ['10.0.0.0/8', '192.168.1.7', 'fd00::/8', '::1', 'loopback'],
    ],
  ])('%j means %j', (value, expected) => {
    expect(load(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY).toEqual(expected);
  });

  it.each([
    'yes',
    'all',
    '10.0.0.256',
    '10.0.0.0/33',
    'fe80::/129',
    '10.0.0.1/8/1',
    '10.0.0.1,,',
    '-1',
    '1.5',
    '101',
  ])('refuses %j with a message listing the forms it takes', (value) => {
    expect(() => load({ TRUST_PROXY: value })).toThrow(
      /TRUST_PROXY: TRUST_PROXY must be 0\/false, a number of proxy hops/,
    );
  });
});

describe('PUSH_RECORD_RETENTION_DAYS', () => {
  it('is optional, in whole days from 1 to 3650', () => {
    expect(load({}).PUSH_RECORD_RETENTION_DAYS).toBeUndefined();
    expect(load({ PUSH_RECORD_RETENTION_DAYS: '90' }).PUSH_RECORD_RETENTION_DAYS).toBe(90);
    for (const bad of ['0', '-3', '1.5', 'month', '99999'])
      expect(() => load({ PUSH_RECORD_RETENTION_DAYS: bad })).toThrow(/PUSH_RECORD_RETENTION_DAYS: .*day/);
  });
});
