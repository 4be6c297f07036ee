import { randomUUID } from 'node:crypto';
import { REQUEST_ID_HEADER } from '@switchboard/shared';
import type { ConsoleUser } from '@switchboard/shared';
import type { NextFunction, Request, Response } from 'express';
import type { RequestMeta } from '../domain/audit';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- Express's own extension point
  namespace Express {
    interface Request {
      /** Set by requestContext for every request; echoed in errors and logs. */
      requestId: string;
      /** The signed-in console user, when the session cookie is valid. */
      user?: ConsoleUser;
      /** The raw session token from the cookie, when present. */
      sessionToken?: string;
    }
  }
}

export function requestContext(req: Request, res: Response, next: NextFunction): void {
  req.requestId = randomUUID();
  res.setHeader(REQUEST_ID_HEADER, req.requestId);
  next();
}

/** What the audit log records of where a request came from (req.ip honours `trust proxy`). */
export const requestMeta = (req: Request): RequestMeta => ({ requestId: req.requestId, ip: req.ip });

/**
 * Whether a refusal for want of a permission is audited: a write's is; a read's is not, since
 * the console's own pages ask for what a role may not read, and the log would fill with them.
 */
export const auditsDenial = (req: Request): boolean => req.method !== 'GET' && req.method !== 'HEAD';
