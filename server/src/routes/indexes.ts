import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { IndexService } from '../services/indexes';

/** Index management, in the shape of LeanCloud's dedicated index API (master key). */
export function indexRoutes(router: ApiRouter, indexes: IndexService): void {
  router.on('GET', '/1.1/indices/:className', async (req) => {
    requireMaster(req.auth, 'listing indexes');
    return { body: await indexes.list(req.sql, req.params.className ?? '') };
  });
  router.on('POST', '/1.1/indices/:className', async (req) => {
    requireMaster(req.auth, 'creating indexes');
    return { status: 201, body: await indexes.create(req.sql, req.params.className ?? '', req.body) };
  });
  router.on('DELETE', '/1.1/indices/:className/:name', async (req) => {
    requireMaster(req.auth, 'dropping indexes');
    await indexes.drop(req.sql, req.params.className ?? '', req.params.name ?? '');
    return { body: {} };
  });
}
