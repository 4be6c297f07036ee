import type { AddressInfo } from 'node:net';
import { z } from 'zod';

/**
 * PUBLIC_URL: the address clients reach the server by, the base of every link it hands out
 * (account mails, file url / upload_url, export download_url, Location). An absolute http(s)
 * URL, optionally with a path (a proxy serving the API under a prefix); no query, fragment or
 * credentials, since links are built by appending paths to it. Stored without a trailing slash.
 */
export const publicUrlSetting = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const problem = (message: string) => {
      ctx.addIssue({ code: 'custom', message: `PUBLIC_URL ${message}, e.g. https://api.example.com` });
      return z.NEVER;
    };
    let url: URL;
    try {
      url = new URL(v);
    } catch {
      return problem('must be an absolute URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      return problem('must start with http:// or https://');
    if (v.includes('?') || v.includes('#')) return problem('must have no query (?) or fragment (#)');
    if (url.username || url.password) return problem('must not carry a user name or password');
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  });

/**
 * The URL of the address a server listens on, used as the public URL when PUBLIC_URL is unset.
 * A wildcard address (0.0.0.0, ::) names no host a client could use; the loopback address of the
 * same family does, and is what a client on the same machine (the default set-up: console, SDK
 * tests, `pnpm start`) reaches. Guessing a host name instead could hand out links that look
 * right and lead nowhere; a deployment other machines reach sets PUBLIC_URL.
 */
export function listeningUrl(address: AddressInfo | string | null): string {
  if (!address || typeof address === 'string') return 'http://localhost';
  let host = address.address;
  if (host === '0.0.0.0') host = '127.0.0.1';
  else if (host === '::' || host === '::0') host = '::1';
  return `http://${address.family === 'IPv6' || host.includes(':') ? `[${host}]` : host}:${address.port}`;
}
