import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { ConsoleError } from '../errors';

/**
 * The bff fetches what a live copy's source URL names, with its own network position. A console
 * user must not be able to point it at the cloud's instance metadata (credentials of the machine
 * the console runs on), so link-local addresses and the metadata host names are refused. Private
 * ranges and localhost stay allowed: people move data out of self-hosted servers next door.
 */
const blocked = new BlockList();
blocked.addSubnet('169.254.0.0', 16, 'ipv4'); // link-local; 169.254.169.254 is the metadata service
blocked.addSubnet('fe80::', 10, 'ipv6'); // IPv6 link-local
blocked.addAddress('fd00:ec2::254', 'ipv6'); // AWS's metadata service over IPv6
blocked.addSubnet('64:ff9b::a9fe:0', 112, 'ipv6'); // 169.254.0.0/16 through NAT64
// BlockList also matches IPv4-mapped IPv6 (::ffff:169.254.169.254) against the IPv4 rules.

const BLOCKED_NAMES = new Set(['metadata.google.internal', 'metadata']);

export type Lookup = (host: string) => Promise<{ address: string; family: number }[]>;

const lookupAll: Lookup = (host) => dnsLookup(host, { all: true, verbatim: true });

const refuse = (message: string) =>
  new ConsoleError(400, 'validation_failed', message, [{ path: 'sourceUrl', message }]);

const isBlocked = (address: string) => {
  const family = isIP(address);
  return family !== 0 && blocked.check(address, family === 6 ? 'ipv6' : 'ipv4');
};

/**
 * Refuses (400) a source URL the bff must not fetch: another scheme than http(s), or a host that
 * is, or resolves to, a link-local or cloud metadata address. Every address the name has is
 * checked, as a name may point anywhere. Checked when a live copy starts or resumes; a name that
 * changes where it points afterwards is not caught.
 */
export async function checkSourceUrl(url: string, lookup: Lookup = lookupAll): Promise<void> {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw refuse(
      `"${url}" is not an address; give the source API address, e.g. https://abcd1234.lc-cn-n1-shared.com`,
    );
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:')
    throw refuse(`The source address must start with http:// or https://, not ${u.protocol}//.`);
  // URL parsing already turned 2852039166 or 0xa9.0xfe.0xa9.0xfe into 169.254.169.254.
  const host = u.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  const linkLocal = () =>
    refuse(
      `The source address ${u.hostname} is a link-local or cloud metadata address, which the console does not connect to.`,
    );
  if (BLOCKED_NAMES.has(host)) throw linkLocal();
  if (isIP(host)) {
    if (isBlocked(host)) throw linkLocal();
    return;
  }
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host);
  } catch {
    throw refuse(`The source host ${u.hostname} cannot be found; check the address.`);
  }
  const bad = addresses.find((a) => isBlocked(a.address));
  if (bad)
    throw refuse(
      `The source host ${u.hostname} points to ${bad.address}, a link-local or cloud metadata address, which the console does not connect to.`,
    );
}
