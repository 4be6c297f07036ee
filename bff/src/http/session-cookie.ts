import type { CookieOptions, NextFunction, Request, Response } from 'express';
import { roleHas } from '@switchboard/shared';
import type { Permission } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { record } from '../domain/audit';
import { forbidden, unauthenticated } from '../domain/errors';
import { resolveSession } from '../domain/sessions';
import type { SessionPolicy } from '../domain/sessions';
import { auditsDenial, requestMeta } from './context';

// On HTTPS the __Host- prefix pins the cookie to this host and path with Secure set.
const SECURE_NAME = '__Host-sb_session';
const PLAIN_NAME = 'sb_session';

function options(req: Request, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: 'strict',
    secure: req.secure,
    path: '/',
    ...(maxAgeMs ? { maxAge: maxAgeMs } : {}),
  };
}

/**
 * The cookie a session is read from: on HTTPS only the __Host- one, which only this host could
 * have set (a plain-named cookie can be planted from a sibling domain or over plain HTTP); on
 * HTTP the plain one, the only one a browser sends there.
 */
const nameFor = (secure: boolean) => (secure ? SECURE_NAME : PLAIN_NAME);

/**
 * The session token in a raw Cookie header, read as cookie-parser reads it (first occurrence of a
 * name wins, quotes removed, percent-decoded), for code that runs before Express.
 */
export function sessionTokenFromHeader(header: string | undefined, secure: boolean): string | undefined {
  if (!header) return undefined;
  const wanted = nameFor(secure);
  const found = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (name !== wanted || found.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    try {
      found.set(name, value.includes('%') ? decodeURIComponent(value) : value);
    } catch {
      found.set(name, value);
    }
  }
  return found.get(wanted);
}

export function readSessionToken(req: Request): string | undefined {
  const cookies = req.cookies as Record<string, string | undefined>;
  return cookies[nameFor(req.secure)];
}

export function setSessionCookie(req: Request, res: Response, token: string, maxAgeMs: number): void {
  res.cookie(nameFor(req.secure), token, options(req, maxAgeMs));
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(nameFor(req.secure), options(req));
}

/** Puts the signed-in user (if any) on the request. */
export function loadUser(sql: Sql, policy: SessionPolicy) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    const token = readSessionToken(req);
    if (token) {
      req.sessionToken = token;
      const user = await resolveSession(sql, token, policy);
      if (user) req.user = user;
    }
    next();
  };
}

export function requireUser(req: Request, _res: Response, next: NextFunction): void {
  next(req.user ? undefined : unauthenticated());
}

/** A signed-in user whose console-wide role holds `permission`; refusals are audited. */
export function requirePermission(sql: Sql, permission: Permission) {
  return async (req: Request, _res: Response, next: NextFunction): Promise<void> => {
    if (!req.user) return next(unauthenticated());
    if (roleHas(req.user.role, permission)) return next();
    if (auditsDenial(req))
      await record(sql, {
        ...requestMeta(req),
        actor: req.user,
        action: 'console.request',
        summary: { method: req.method, path: req.path, permission },
        result: 'denied',
        status: 403,
      });
    next(
      forbidden(`Your role (${req.user.role}) does not allow this: it needs the "${permission}" permission.`),
    );
  };
}
