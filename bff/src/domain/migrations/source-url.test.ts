import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../errors';
import { checkSourceUrl } from './source-url';
import type { Lookup } from './source-url';

/** A resolver that answers from a table, so the tests need no DNS. */
const resolver =
  (table: Record<string, string[]>): Lookup =>
  (host) => {
    const list = table[host];
    if (!list)
      return Promise.reject(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }));
    return Promise.resolve(list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
  };

const dns = resolver({
  'old.example.com': ['203.0.113.5', '2001:db8::5'],
  'lan.example.com': ['10.1.2.3'],
  localhost: ['127.0.0.1', '::1'],
  'sneaky.example.com': ['203.0.113.9', '169.254.169.254'],
  'sneaky6.example.com': ['fe80::1%eth0'],
  'mapped.example.com': ['::ffff:169.254.170.2'],
});

async function refusal(url: string): Promise<ConsoleError> {
  const e: unknown = await checkSourceUrl(url, dns).then(
    () => undefined,
    (err: unknown) => err,
  );
  expect(e, url).toBeInstanceOf(ConsoleError);
  expect((e as ConsoleError).status).toBe(400);
  return e as ConsoleError;
}

describe('checkSourceUrl', () => {
  it('lets public, private and local sources through', async () => {
    for (const url of [
      'https://old.example.com',
      'http://lan.example.com:3000/',
      'http://localhost:8080',
      'http://127.0.0.1:9',
      'http://192.168.1.20',
      'http://[::1]:3000',
      'http://[fd12::1]',
    ])
      await expect(checkSourceUrl(url, dns), url).resolves.toBeUndefined();
  });

  it('refuses other schemes', async () => {
    expect((await refusal('ftp://old.example.com')).message).toMatch(
      /must start with http:\/\/ or https:\/\/, not ftp:/,
    );
    expect((await refusal('file:///etc/passwd')).message).toMatch(/not file:/);
    expect((await refusal('not a url')).message).toMatch(/is not an address/);
  });

  it('refuses link-local and metadata addresses, however they are written', async () => {
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
      expect((await refusal(url)).message, url).toMatch(/link-local or cloud metadata address/);
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
