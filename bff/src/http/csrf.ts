import { CSRF_HEADER } from '@switchboard/shared';
import type { NextFunction, Request, Response } from 'express';
import { ConsoleError } from '../domain/errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Mutating console requests must carry the custom CSRF header (a cross-site page cannot set it
 * without a CORS preflight, which we never grant) and, when the browser says where they come
 * from, come from this origin.
 */
export function csrfGuard(req: Request, _res: Response, next: NextFunction): void {
  if (SAFE.has(req.method)) return next();
  const site = req.get('sec-fetch-site');
  if (site && site !== 'same-origin' && site !== 'none') {
    return next(new ConsoleError(403, 'csrf_rejected', 'Cross-site requests are not accepted.'));
  }
  const origin = req.get('origin');
  if (origin && origin !== `${req.protocol}://${req.get('host') ?? ''}`) {
    return next(new ConsoleError(403, 'csrf_rejected', 'Requests from another origin are not accepted.'));
  }
  if (req.get(CSRF_HEADER) !== '1') {
    return next(new ConsoleError(403, 'csrf_rejected', `The ${CSRF_HEADER} header is missing.`));
  }
  next();
}
