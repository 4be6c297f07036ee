import { afterAll, describe, expect, it } from 'vitest';
import { addressPolicy, GuardedClient } from '@switchboard/outbound';
import type { Resolve } from '@switchboard/outbound';
import { ConsoleError } from '../errors';
import { checkSourceUrl, withoutCredentials } from './source-url';

/** A resolver that answers from a table, so the tests need no DNS. */
const resolver =
  (table: Record<string, string[]>): Resolve =>
  (host) => {
    const list = table[host];
    if (!list)
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };

const dns = resolver({
  'old.example.com': ['93.184.216.34', '2606:2800:220:1::5'],
  'lan.example.com': ['10.1.2.3'],
  localhost: ['127.0.0.1', '::1'],
  'sneaky.example.com': ['93.184.216.9', '169.254.169.254'],
  'sneaky6.example.com': ['fe80::1%eth0'],
  'mapped.example.com': ['::ffff:169.254.170.2'],
});

const strict = new GuardedClient(addressPolicy(false), dns);
const local = new GuardedClient(addressPolicy(true), dns);
afterAll(() => Promise.all([strict.close(), local.close()]));

async function refusal(url: string, outbound = strict): Promise<ConsoleError> {
  const e: unknown = await checkSourceUrl(url, outbound).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, url).toBeInstanceOf(ConsoleError);
  expect((e as ConsoleError).status).toBe(400);
  return e as ConsoleError;
}

describe('checkSourceUrl', () => {
  const nextDoor = [
    'http://lan.example.com:3000/',
    'http://localhost:8080',
    'http://127.0.0.1:9',
    'http://192.168.1.20',
    'http://[::1]:3000',
    'http://[fd12::1]',
  ];

  it('lets public sources through', async () => {
    for (const url of ['https://old.example.com', 'http://8.8.8.8', 'http://[2606:4700::1111]'])
      await expect(checkSourceUrl(url, strict), url).resolves.toBeUndefined();
  });

  it('refuses loopback and private sources unless the console allows them', async () => {
    for (const url of nextDoor) {
      const e = await refusal(url);
      expect(e.message, url).toMatch(
        /(loopback|private network) address, which the console does not connect to/,
      );
      expect(e.message, url).toMatch(/CONSOLE_ALLOW_PRIVATE_SOURCES=1 allows it/);
      await expect(checkSourceUrl(url, local), url).resolves.toBeUndefined();
    }
  });

  it('refuses a user name or password in the address, without repeating it', async () => {
    for (const url of ['https://admin:hunter2@old.example.com', 'https://hunter2@old.example.com']) {
      const e = await refusal(url, local);
      expect(e.message).toMatch(/must not hold a user name or password/);
      expect(JSON.stringify(e)).not.toContain('hunter2');
    }
    expect(withoutCredentials('https://admin:p@ss:w@old.example.com/x (app a)')).toBe(
      'https://old.example.com/x (app a)',
    );
  });

  it('refuses other schemes', async () => {
    expect((await refusal('ftp://old.example.com')).message).toMatch(
      /must start with http:\/\/ or https:\/\/, not ftp:/,
    );
    expect((await refusal('file:///etc/passwd')).message).toMatch(/not file:/);
    expect((await refusal('not a url')).message).toMatch(/is not an address/);
  });

  it('refuses link-local and metadata addresses, however they are written, whatever the setting', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data',
      'http://169.254.0.1',
      'http://2852039166/', // 169.254.169.254 as one number
      'http://0xa9.0xfe.0xa9.0xfe/',
      'http://[fe80::1]/',
      'http://[febf:ffff::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://METADATA.Google.Internal./',
    ])
      for (const outbound of [strict, local])
        expect((await refusal(url, outbound)).message, url).toMatch(/link-local or cloud metadata address/);
  });

  it('refuses a name any of whose addresses is link-local, naming the address', async () => {
    const e = await refusal('https://sneaky.example.com');
    expect(e.message).toBe(
      'The source host sneaky.example.com points to 169.254.169.254, a link-local or cloud metadata address, which the console does not connect to.',
    );
    expect(e.details).toEqual([{ path: 'sourceUrl', message: e.message }]);
    expect((await refusal('https://mapped.example.com')).message).toMatch(
      /points to ::ffff:169\.254\.170\.2/,
    );
    expect((await refusal('https://sneaky6.example.com')).message).toMatch(/points to fe80::1%eth0/);
  });

  it('says so when the name cannot be found', async () => {
    expect((await refusal('https://nowhere.example.com')).message).toBe(
      'The source host nowhere.example.com cannot be found; check the address.',
    );
  });
});
