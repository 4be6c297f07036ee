import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { parseAllowedHosts, parseTrustProxy } from './network-settings';

const env = (extra: Record<string, string>) => ({
  UPSTREAM_URL: 'http://127.0.0.1:9',
  UPSTREAM_APP_ID: 'id',
  UPSTREAM_APP_KEY: 'key',
  UPSTREAM_MASTER_KEY: 'master',
  ...extra,
});

describe('TRUST_PROXY', () => {
  it("takes Express's forms, and true as one hop rather than everyone", () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    for (const off of ['', '0', 'false', 'FALSE']) expect(parseTrustProxy(off)).toBe(false);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('true')).toBe(1);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, loopback,192.168.1.1,::1/128,fe80::/10')).toEqual([
      '10.0.0.0/8',
      'loopback',
      '192.168.1.1',
      '::1/128',
      'fe80::/10',
    ]);
    expect(loadConfig(env({ TRUST_PROXY: '1' })).trustProxy).toBe(1);
    expect(loadConfig(env({})).trustProxy).toBe(false);
  });

  it('refuses what it cannot read with an error naming the setting', () => {
    for (const bad of [
      'yes',
      '1.5',
      '-1',
      '1,loopback',
      'loopback,',
      '10.0.0.0/33',
      'proxy.example.com',
      '999',
    ]) {
      expect(parseTrustProxy(bad), bad).toHaveProperty('error');
      expect(() => loadConfig(env({ TRUST_PROXY: bad })), bad).toThrow(
        /invalid console configuration:\n {2}TRUST_PROXY: /,
      );
    }
  });
});

describe('CONSOLE_ALLOWED_HOSTS', () => {
  it('lists host names, wildcards for subdomains, ports ignored', () => {
    expect(parseAllowedHosts(undefined)).toEqual([]);
    expect(parseAllowedHosts(' Console.Example.com:443, *.corp.example ,')).toEqual([
      'console.example.com',
      '*.corp.example',
    ]);
    expect(loadConfig(env({ CONSOLE_ALLOWED_HOSTS: 'a.example' })).allowedHosts).toEqual(['a.example']);
    for (const bad of ['http://a.example', 'a example', 'a/b', 'a.*.example']) {
      expect(() => loadConfig(env({ CONSOLE_ALLOWED_HOSTS: bad })), bad).toThrow(/CONSOLE_ALLOWED_HOSTS: /);
    }
  });
});
