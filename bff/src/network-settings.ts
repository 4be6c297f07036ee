import { isIP } from 'node:net';
import proxyaddr from 'proxy-addr';

/*
 * Two settings about the network in front of the console, parsed for config.ts.
 *
 * TRUST_PROXY says which X-Forwarded-* headers to believe, in Express's own forms: a number of
 * proxy hops (`1`: the one reverse proxy in front; the client address is the last one it added),
 * or a comma-separated list of proxy addresses, CIDR ranges and the presets loopback, linklocal,
 * uniquelocal. Unset, `0` or `false` trusts none. `true` means one hop, not Express's "trust
 * everyone": that would take the leftmost X-Forwarded-For, which any client writes itself.
 */
export type TrustProxy = false | number | string[];

const PRESETS = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 20;

export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === '' || v === '0' || v === 'false') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS ? hops : { error: `at most ${MAX_HOPS} proxy hops, not ${v}` };
  }
  const list = v.split(',').map((s) => s.trim());
  const wrong = list.find((s) => !PRESETS.has(s) && !isProxyAddress(s));
  if (wrong !== undefined) {
    return {
      error:
        `"${wrong}" is not a number of proxy hops, an IP address, a CIDR range or one of ` +
        'loopback, linklocal, uniquelocal (e.g. TRUST_PROXY=1, or TRUST_PROXY=10.0.0.0/8,loopback)',
    };
  }
  return list;
}

/**
 * An address or range as written in full: proxy-addr itself also reads "1" as 0.0.0.1, which
 * would make "1,loopback" mean something nobody meant.
 */
function isProxyAddress(text: string): boolean {
  const [address = '', range, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (range !== undefined) {
    const bits = /^\d{1,3}$/.test(range) && Number(range) <= (family === 4 ? 32 : 128);
    const netmask = family === 4 && isIP(range) === 4;
    if (!bits && !netmask) return false;
  }
  try {
    proxyaddr.compile(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * CONSOLE_ALLOWED_HOSTS: the host names the console answers for, besides IP addresses and
 * localhost (comma-separated; `*.example.com` for every subdomain; `*` for any, which gives up
 * the protection against DNS rebinding). A port, if written, is ignored.
 */
export function parseAllowedHosts(raw: string | undefined): string[] | { error: string } {
  const out: string[] = [];
  for (const entry of (raw ?? '').split(',')) {
    const host = entry.trim().toLowerCase().replace(/:\d+$/, '');
    if (host === '') continue;
    if (host !== '*' && !/^(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?$/.test(host)) {
      return { error: `"${entry.trim()}" is not a host name (e.g. console.example.com or *.example.com)` };
    }
    out.push(host.replace(/\.$/, ''));
  }
  return out;
}
