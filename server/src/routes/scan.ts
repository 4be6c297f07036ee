import { z } from 'zod';
import { whereParamSchema } from '@switchboard/shared';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import type { ScanService } from '../services/scan';

const scanParams = z.looseObject({
  limit: z.string().optional(),
  cursor: z.string().optional(),
  where: whereParamSchema.optional(),
  scan_key: z.string().optional(),
});

/** Doc 1 Scan: traverse a class in scan_key order (master key). */
export function scanRoutes(router: ApiRouter, scans: ScanService): void {
  router.on('GET', '/1.1/scan/classes/:className', async (req) => {
    requireMaster(req.auth, 'scan');
    const q = parseInput(scanParams, req.query, 'scan parameters');
    return { body: await scans.scan(req.sql, req.params.className ?? '', q) };
  });
}
