import { isIP } from 'node:net';
import { z } from 'zod';

/** What Fastify's trustProxy takes of ours: nothing, a number of hops, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

/** proxy-addr's names for address ranges, which Fastify accepts in the list. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function validEntry(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [ip = '', prefix, ...rest] = entry.split('/');
  const family = isIP(ip);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY, in the forms Fastify and Express share: off (unset, 0, false); a number of proxy
 * hops in front of the server, `1` / `true` meaning the one reverse proxy; or a comma-separated
 * list of proxy addresses and CIDR ranges (and loopback, linklocal, uniquelocal). Never "trust
 * everyone": then the client's own leftmost X-Forwarded-For entry would be taken as its address.
 */
export const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): TrustProxy => {
    if (!v || v === '0' || v === 'false') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v)) {
      const hops = Number(v);
      if (hops <= 100) return hops;
    }
    const list = v.split(',').map((s) => s.trim());
    const bad = list.filter((s) => !validEntry(s));
    if (bad.length === 0) return list;
    ctx.addIssue({
      code: 'custom',
      message: `TRUST_PROXY must be 0/false, a number of proxy hops (1 or true for one proxy), or a comma-separated list of proxy addresses or CIDR ranges; not understood: ${bad.map((s) => JSON.stringify(s)).join(', ')}`,
    });
    return z.NEVER;
  });

/**
 * The setting as Fastify takes it. Fastify 5 treats a bare number as "trust nothing", so hops
 * become proxy-addr's hop function, as Express compiles them: the socket peer is hop 0, and the
 * first `hops` addresses from the right are proxies (a client that bypasses them can still claim
 * any address; a list of the proxies' addresses cannot be fooled that way).
 */
export function fastifyTrustProxy(
  tp: TrustProxy,
): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  return tp === 0 ? false : (_addr, hop) => hop < tp;
}
