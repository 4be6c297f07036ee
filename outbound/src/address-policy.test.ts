import { describe, expect, it } from 'vitest';
import { addressPolicy, classify } from './address-policy';

describe('classify', () => {
  it('names every kind of address, however it is written', () => {
    const table: [string, ReturnType<typeof classify>][] = [
      ['8.8.8.8', 'public'],
      ['93.184.216.34', 'public'],
      ['2606:4700::1111', 'public'],
      ['127.0.0.1', 'loopback'],
      ['127.255.0.9', 'loopback'],
      ['::1', 'loopback'],
      ['::ffff:127.0.0.1', 'loopback'],
      ['::ffff:7f00:1', 'loopback'],
      ['::127.0.0.1', 'loopback'],
      ['64:ff9b::7f00:1', 'loopback'],
      ['2002:7f00:1::', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.5.4', 'private'],
      ['192.168.0.1', 'private'],
      ['100.64.0.1', 'private'],
      ['fd12:3456::1', 'private'],
      ['::ffff:10.1.1.1', 'private'],
      ['169.254.169.254', 'link-local'],
      ['fe80::1%eth0', 'link-local'],
      ['[fe80::1]', 'link-local'],
      ['100.100.100.200', 'link-local'],
      ['192.0.0.192', 'link-local'],
      ['fd00:ec2::254', 'link-local'],
      ['::ffff:169.254.169.254', 'link-local'],
      ['0.0.0.0', 'reserved'],
      ['::', 'reserved'],
      ['255.255.255.255', 'reserved'],
      ['224.0.0.1', 'reserved'],
      ['ff02::1', 'reserved'],
      ['203.0.113.7', 'reserved'],
      ['2001:db8::1', 'reserved'],
      ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
      ['64:ff9b:1::a00:1', 'reserved'],
      ['fec0::1', 'reserved'],
      ['not an address', 'reserved'],
    ];
    for (const [address, kind] of table) expect(classify(address), address).toBe(kind);
  });
});

describe('addressPolicy', () => {
  it('admits public addresses only, or also loopback and private ones when allowed', () => {
    const strict = addressPolicy(false);
    const local = addressPolicy(true);
    expect(strict.refusal('8.8.8.8')).toBeUndefined();
    expect(strict.refusal('127.0.0.1')).toMatch(
      /^a loopback address, .*CONSOLE_ALLOW_PRIVATE_SOURCES=1 allows it/,
    );
    expect(strict.refusal('10.0.0.1')).toMatch(/^a private network address/);
    expect(local.refusal('127.0.0.1')).toBeUndefined();
    expect(local.refusal('fd12::1')).toBeUndefined();
    for (const address of ['169.254.169.254', '100.100.100.200', 'fd00:ec2::254', '0.0.0.0'])
      for (const policy of [strict, local]) {
        const why = policy.refusal(address);
        expect(why, address).toMatch(/which the console does not connect to$/);
        expect(why, address).not.toMatch(/allows it/);
      }
  });

  it('words its refusals for whoever uses it', () => {
    const cli = addressPolicy(false, { who: 'pnpm migrate', allow: '--allow-private-sources' });
    expect(cli.refusal('10.0.0.1')).toBe(
      'a private network address, which pnpm migrate does not connect to (--allow-private-sources allows it, for local development or a source on the same network)',
    );
  });
});
