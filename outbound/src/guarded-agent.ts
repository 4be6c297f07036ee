import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress, LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { LookupFunction } from 'node:net';
import { Agent, buildConnector } from 'undici';
import type { AddressPolicy } from './address-policy';
import { OutboundError } from './outbound-error';

/** Every address a host name has. */
export type Resolve = (host: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

/** Names that stand for a metadata service inside some clouds; refused before any lookup. */
const METADATA_NAMES = new Set(['metadata', 'metadata.google.internal', 'metadata.tencentyun.com']);

const bare = (host: string) =>
  host
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();

/**
 * The addresses that may be connected to for `host`: an IP literal as it is, a name by every
 * address it resolves to, all of which must pass (a name with one internal address among public
 * ones is refused). Throws an OutboundError saying why not.
 */
export async function vetHost(
  host: string,
  policy: AddressPolicy,
  resolve: Resolve,
): Promise<LookupAddress[]> {
  const name = bare(host);
  const refuse = (why: string) => new OutboundError('refused', why);
  // Refused in the policy's words for a metadata address, whatever it allows.
  if (METADATA_NAMES.has(name))
    throw refuse(`${name} is ${policy.refusal('169.254.169.254') ?? 'a cloud metadata service'}`);
  if (isIP(name)) {
    const why = policy.refusal(name);
    if (why) throw refuse(`${name} is ${why}`);
    return [{ address: name, family: isIP(name) }];
  }
  let list: { address: string; family: number }[];
  try {
    list = await resolve(name);
  } catch (e) {
    const code = (e as { code?: string }).code;
    throw new OutboundError('unreachable', `${name} cannot be found (${code ?? (e as Error).message})`);
  }
  if (list.length === 0) throw new OutboundError('unreachable', `${name} cannot be found (no address)`);
  for (const a of list) {
    const why = policy.refusal(a.address);
    if (why) throw refuse(`${name} points to ${a.address}, ${why}`);
  }
  return list;
}

/**
 * A `lookup` for net.connect / tls.connect: the addresses it hands the socket are the ones it
 * checked, so a name that changes its answer between a check and the connection (DNS rebinding)
 * is caught where the connection is made.
 */
function checkedLookup(policy: AddressPolicy, resolve: Resolve): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    vetHost(hostname, policy, resolve).then(
      (all) => {
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        const list = family ? all.filter((a) => a.family === family) : all;
        const first = list[0];
        if (!first) {
          const e = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
          callback(e, '', 0);
        } else if (options.all) callback(null, list);
        else callback(null, first.address, first.family);
      },
      (e: Error) => callback(e, '', 0),
    );
  };
}

/**
 * An undici dispatcher that connects only where `policy` allows, checked at connect time: an IP
 * literal (which net.connect does not look up) before connecting, a name through the checked
 * lookup, and the peer address of every socket once connected.
 */
export function guardedAgent(policy: AddressPolicy, resolve: Resolve): Agent {
  const connector = buildConnector({ lookup: checkedLookup(policy, resolve), timeout: 10_000 });
  return new Agent({
    connect(opts, callback) {
      const host = bare(opts.hostname);
      const literal = isIP(host) ? policy.refusal(host) : undefined;
      if (literal) {
        callback(new OutboundError('refused', `${host} is ${literal}`), null);
        return;
      }
      connector(opts, (err, socket) => {
        if (err || !socket) {
          callback(err ?? new Error('no socket'), null);
          return;
        }
        const peer = socket.remoteAddress ?? '';
        const why = policy.refusal(peer);
        if (why) {
          socket.destroy();
          callback(new OutboundError('refused', `${host} connected to ${peer}, ${why}`), null);
          return;
        }
        callback(null, socket);
      });
    },
  });
}
