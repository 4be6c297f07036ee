import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CSP_NONCE_PLACEHOLDER } from '@switchboard/shared';
import express, { Router } from 'express';

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to
 * index.html (client-side routes), never cached, with this response's CSP nonce written in.
 */
export function webApp(dist: string): Router {
  const r = Router();
  const indexPath = join(dist, 'index.html');
  let cached: { mtimeMs: number; html: string } | undefined;
  const indexHtml = (): string | undefined => {
    if (!existsSync(indexPath)) return undefined;
    const { mtimeMs } = statSync(indexPath);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexPath, 'utf8') };
    return cached.html;
  };
  r.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  r.use(express.static(dist, { index: false }));
  r.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    const html = indexHtml();
    if (html === undefined) {
      res
        .status(503)
        .type('text/plain')
        .send(
          'The console web app is not built yet. Run `pnpm start` (or `pnpm --filter @switchboard/web build`).',
        );
      return;
    }
    const nonce = String(res.locals.cspNonce);
    res.set('Cache-Control', 'no-cache').type('html').send(html.split(CSP_NONCE_PLACEHOLDER).join(nonce));
  });
  return r;
}
