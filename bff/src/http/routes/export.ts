import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { classExportQuerySchema, consoleRoutes } from '@switchboard/shared';
import { Router } from 'express';
import { startClassExport } from '../../domain/export/export-class';
import type { AppAccess } from '../app-access';
import { parseBody, singleQuery } from '../errors';

/** A class's objects matching the current query, streamed as a CSV or JSON-lines download. */
export function exportRoutes(access: AppAccess): Router {
  const r = Router();

  r.get(consoleRoutes.exportClass.path, async (req, res) => {
    const ctx = await access(req, 'export.run');
    const query = parseBody(classExportQuerySchema, singleQuery(req));
    const className = String(req.params.className);
    // The client going away (a cancelled download) stops the scan before its next page.
    const stop = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) stop.abort();
    });
    const exp = await startClassExport(ctx, className, query, stop.signal, (err) => {
      req.log.error({ err, requestId: req.requestId, className }, 'class export failed mid-stream');
    });
    res.setHeader('Content-Type', exp.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${exp.filename}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(Readable.from(exp.body), res);
    } catch (err) {
      // Once streaming has begun the status is sent; what remains is a client that left.
      if (!res.headersSent) throw err;
      req.log.info({ requestId: req.requestId, className }, 'class export ended early by the client');
    }
  });

  return r;
}
