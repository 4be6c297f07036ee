import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { Router } from 'express';

/**
 * Serves the built web app: hashed assets cached for a year, everything else falls back to
 * index.html (client-side routes), never cached so a new build is picked up at once.
 */
export function webApp(dist: string): Router {
  const r = Router();
  const index = join(dist, 'index.html');
  r.use(
    '/assets',
    express.static(join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  r.use(express.static(dist, { index: false }));
  r.get('/{*splat}', (req, res, next) => {
    if (req.path.startsWith('/api/')) return next();
    if (!existsSync(index)) {
      res
        .status(503)
        .type('text/plain')
        .send(
          'The console web app is not built yet. Run `pnpm start` (or `pnpm --filter @switchboard/web build`).',
        );
      return;
    }
    res.set('Cache-Control', 'no-cache').sendFile(index);
  });
  return r;
}
