import { pipeline } from 'node:stream/promises';
import { auditExportQuerySchema, auditListQuerySchema, consoleRoutes } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { Router } from 'express';
import type { Request } from 'express';
import type { z } from 'zod';
import { query } from '../../domain/audit';
import { exportAudit } from '../../domain/audit-export';
import { parseBody, singleQuery } from '../errors';
import { requirePermission } from '../session-cookie';

const parseQuery = <S extends z.ZodType>(schema: S, req: Request): z.infer<S> =>
  parseBody(schema, singleQuery(req));

/** The audit log, for admins: a page at a time, or the whole selection as a download. */
export function auditRoutes(sql: Sql): Router {
  const r = Router();

  r.get(consoleRoutes.listAudit.path, requirePermission(sql, 'audit.read'), async (req, res) => {
    res.json(await query(sql, parseQuery(auditListQuerySchema, req)));
  });

  r.get(consoleRoutes.exportAudit.path, requirePermission(sql, 'audit.read'), async (req, res) => {
    const { format, ...filter } = parseQuery(auditExportQuerySchema, req);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    res.setHeader('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson');
    res.setHeader('Content-Disposition', `attachment; filename="audit-${stamp}.${format}"`);
    res.setHeader('Cache-Control', 'no-store');
    try {
      await pipeline(exportAudit(sql, filter, format), res);
    } catch (err) {
      // Once streaming has begun the status is sent; a failure can only cut the download short.
      if (!res.headersSent) throw err;
      req.log.error({ err, requestId: req.requestId }, 'audit export failed');
    }
  });

  return r;
}
