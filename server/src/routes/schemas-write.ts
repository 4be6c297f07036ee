import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { SchemaWriter } from '../services/schema-writes';
import { classCounts } from '../store/schema-data';

/** Below this many rows (by the planner's estimate) a class is counted exactly. */
const EXACT_BELOW = 10_000;

/**
 * Schema writes on the paths and in the shape of Parse Server (LeanCloud has none), and the
 * console's per-class object counts under Switchboard's own /1.1/switchboard area.
 */
export function schemaWriteRoutes(router: ApiRouter, schemas: SchemaWriter): void {
  router.on('POST', '/1.1/schemas/:className', async (req) => {
    requireMaster(req.auth, 'creating classes');
    return { status: 201, body: await schemas.createClass(req.sql, req.params.className ?? '', req.body) };
  });
  router.on('PUT', '/1.1/schemas/:className', async (req) => {
    requireMaster(req.auth, 'changing schemas');
    return { body: await schemas.updateClass(req.sql, req.params.className ?? '', req.body) };
  });
  router.on('DELETE', '/1.1/schemas/:className', async (req) => {
    requireMaster(req.auth, 'deleting classes');
    await schemas.deleteClass(req.sql, req.params.className ?? '');
    return { body: {} };
  });
  router.on('GET', '/1.1/switchboard/class-stats', async (req) => {
    requireMaster(req.auth, 'class statistics');
    return { body: { results: await classCounts(req.sql, EXACT_BELOW) } };
  });
}
