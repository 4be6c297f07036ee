import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { TLSSocket } from 'node:tls';
import type { NextFunction, Request, Response } from 'express';
import proxyaddr from 'proxy-addr';
import { ConsoleError } from '../domain/errors';

/** Express's compiled `trust proxy` setting: whether the address `i` hops away is a proxy we run. */
export type TrustFn = (addr: string, i: number) => boolean;

/**
 * Where a request comes from, read as Express reads it (req.ip, req.secure, req.host) for code
 * that runs before Express: the forwarded headers count only as far as TRUST_PROXY trusts.
 */
export interface ClientFacts {
  ip: string | undefined;
  secure: boolean;
  /** The Host header, and X-Forwarded-Host when a trusted proxy sent it. */
  hosts: string[];
}

const first = (h: string | string[] | undefined) =>
  (Array.isArray(h) ? h[0] : h)?.split(',')[0]?.trim() || undefined;

export function clientFacts(req: IncomingMessage, trust: TrustFn): ClientFacts {
  const trusted = trust(req.socket.remoteAddress ?? '', 0);
  const proto = trusted ? first(req.headers['x-forwarded-proto']) : undefined;
  const forwardedHost = trusted ? first(req.headers['x-forwarded-host']) : undefined;
  return {
    ip: req.socket.remoteAddress === undefined ? undefined : proxyaddr(req, trust),
    secure: proto !== undefined ? proto === 'https' : Boolean((req.socket as Partial<TLSSocket>).encrypted),
    hosts: [req.headers.host, forwardedHost].filter((h): h is string => h !== undefined),
  };
}

/** The host name of a Host header value (no port, IPv6 without brackets), lower case. */
function hostnameOf(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']') < 0 ? undefined : h.indexOf(']'));
  const colon = h.indexOf(':');
  return (colon < 0 ? h : h.slice(0, colon)).replace(/\.$/, '');
}

/**
 * Whether the console answers for this Host. A DNS-rebinding page reaches the console under a
 * name its author controls (the browser then treats it as same-origin), so only names the
 * operator lists are served. Addresses and localhost are always served: no rebinding page can
 * have them as its origin.
 */
export function hostAllowed(host: string, allowed: readonly string[]): boolean {
  const name = hostnameOf(host);
  if (name === '' || /[^a-z0-9.:_-]/.test(name)) return false;
  if (isIP(name) !== 0 || name === 'localhost' || name.endsWith('.localhost')) return true;
  return allowed.some((a) => a === '*' || a === name || (a.startsWith('*.') && name.endsWith(a.slice(1))));
}

/** Refuses a request for a host the console does not serve (health checks are for anyone). */
export function hostGuard(allowed: readonly string[], trust: TrustFn) {
  return (req: Request, _res: Response, next: NextFunction): void => {
    if (req.path === '/healthz' || req.path === '/readyz') return next();
    const refused = clientFacts(req, trust).hosts.find((h) => !hostAllowed(h, allowed));
    if (refused === undefined) return next();
    next(
      new ConsoleError(
        421,
        'bad_request',
        `This console does not answer for the host "${refused.slice(0, 100)}". If that is its address, ` +
          'its administrator adds the name to CONSOLE_ALLOWED_HOSTS.',
      ),
    );
  };
}
