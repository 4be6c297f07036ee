import ipaddr from 'ipaddr.js';
import type { IPv4, IPv6 } from 'ipaddr.js';

/**
 * Which addresses are connected to when a fetch is made on someone else's word (a live copy's
 * source, an old app's file URLs, a file preview). Anyone who can name the address (a console
 * developer, or an app-key holder planting a _File url) would otherwise reach what only the
 * fetching machine can: its loopback services, the private network, the cloud's instance metadata.
 */
export type AddressClass = 'public' | 'loopback' | 'private' | 'link-local' | 'reserved';

/** Who refuses, and how to let it reach loopback and private addresses: for refusals in words. */
export interface PolicyWords {
  /** "the console", "pnpm migrate". */
  who: string;
  /** The setting that allows loopback and private addresses, as it is written. */
  allow: string;
}

/** The console's words: the bff's setting. */
export const CONSOLE_WORDS: PolicyWords = { who: 'the console', allow: 'CONSOLE_ALLOW_PRIVATE_SOURCES=1' };

/**
 * Instance metadata services outside the link-local range (Alibaba Cloud's, Oracle's, AWS's over
 * IPv6): never reachable, whatever the setting, as they hand out the machine's credentials.
 */
const METADATA = new Set(['100.100.100.200', '192.0.0.192', 'fd00:ec2::254']);

const V4_CLASS: Record<string, AddressClass> = {
  unicast: 'public',
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'private',
  linkLocal: 'link-local',
};

/** The IPv4 address an IPv6 address stands for (mapped, NAT64, 6to4, IPv4-compatible), if any. */
function embeddedV4(ip: IPv6): IPv4 | undefined {
  const range = ip.range();
  const bytes = ip.toByteArray();
  if (ip.isIPv4MappedAddress() || range === 'rfc6145') return ipaddr.fromByteArray(bytes.slice(12)) as IPv4;
  if (range === 'rfc6052' && ip.parts[2] === 0) return ipaddr.fromByteArray(bytes.slice(12)) as IPv4;
  if (range === '6to4') return ipaddr.fromByteArray(bytes.slice(2, 6)) as IPv4;
  // ::a.b.c.d (deprecated IPv4-compatible form); :: and ::1 have ranges of their own.
  if (range === 'unicast' && ip.parts.slice(0, 6).every((p) => p === 0))
    return ipaddr.fromByteArray(bytes.slice(12)) as IPv4;
  return undefined;
}

/** What kind of address `address` (an IP literal; an IPv6 zone is ignored) is. */
export function classify(address: string): AddressClass {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare)) return 'reserved';
  let ip = ipaddr.parse(bare);
  if (ip.kind() === 'ipv6') {
    const v4 = embeddedV4(ip as IPv6);
    if (v4) ip = v4;
  }
  if (METADATA.has(ip.toString())) return 'link-local';
  const range = ip.range();
  if (ip.kind() === 'ipv4') return V4_CLASS[range] ?? 'reserved';
  if (range === 'unicast') return 'public';
  if (range === 'loopback') return 'loopback';
  if (range === 'uniqueLocal') return 'private';
  if (range === 'linkLocal') return 'link-local';
  return 'reserved';
}

const LABEL: Record<Exclude<AddressClass, 'public'>, string> = {
  loopback: 'a loopback address',
  private: 'a private network address',
  'link-local': 'a link-local or cloud metadata address',
  reserved: 'not a public internet address',
};

/** Decides, for one resolved address, whether it may be connected to. */
export interface AddressPolicy {
  /** Why not to connect to `address`, in words ("a loopback address, which ..."); or undefined. */
  refusal(address: string): string | undefined;
}

/**
 * Public addresses only, unless `allowPrivate` (local development, or a source on the same
 * network) also admits loopback and private ones. Link-local and metadata addresses stay refused.
 */
export function addressPolicy(allowPrivate: boolean, words: PolicyWords = CONSOLE_WORDS): AddressPolicy {
  return {
    refusal(address) {
      const kind = classify(address);
      if (kind === 'public') return undefined;
      if (allowPrivate && (kind === 'loopback' || kind === 'private')) return undefined;
      const hint =
        kind === 'loopback' || kind === 'private'
          ? ` (${words.allow} allows it, for local development or a source on the same network)`
          : '';
      return `${LABEL[kind]}, which ${words.who} does not connect to${hint}`;
    },
  };
}
