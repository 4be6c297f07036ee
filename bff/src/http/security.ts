import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';

/** A fresh nonce per response: the web app's scripts and emotion's styles carry it. */
export function cspNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

const nonce = (_req: unknown, res: unknown) => `'nonce-${String((res as Response).locals.cspNonce)}'`;

/** For the web app's pages: helmet with a strict CSP, no inline script or style without the nonce. */
export const pageSecurityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", nonce],
      styleSrc: ["'self'", nonce],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
});

/**
 * For JSON answers: the same protections as the pages, but a CSP that allows nothing at all (a
 * JSON answer opened as a document must run and embed nothing) and no per-response nonce. The
 * set is fixed, so it is built once instead of by helmet's middleware chain on every API call.
 */
export const API_HEADERS = new Map<string, string>([
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
]);

export function apiSecurityHeaders(_req: Request, res: Response, next: NextFunction): void {
  res.setHeaders(API_HEADERS);
  next();
}
