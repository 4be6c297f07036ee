import { batchRequestSchema, isPlainObject, LcCode } from '@switchboard/shared';
import { pgErrorCode } from '@switchboard/shared/sql';
import { badRequest } from '../http/errors';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import { BatchRunner, RETRYABLE } from '../services/batch-runner';
import type { WriteService } from '../services/objects';
import type { AccessResolver } from '../services/access';
import type { ClassRegistry } from '../store/classes';

/**
 * Doc 1 Batch: operations run in order in one transaction (one commit for the whole batch); each
 * element succeeds or fails on its own. A deadlock replays the batch, up to three times.
 */
export function batchRoutes(
  router: ApiRouter,
  writes: WriteService,
  classes: ClassRegistry,
  log: (err: unknown) => void,
  access?: AccessResolver,
): void {
  router.on('POST', '/1.1/batch', async (req) => {
    if (!isPlainObject(req.body))
      throw badRequest(LcCode.InvalidJson, 'Malformed json object. A json dictionary is expected.');
    const { requests } = parseInput(batchRequestSchema, req.body, 'batch body');
    for (let attempt = 1; ; attempt++) {
      try {
        return {
          body: await req.sql.transaction((tx) =>
            new BatchRunner(router, writes, tx, req, log, access).run(requests),
          ),
        };
      } catch (e) {
        // What the rolled-back transaction taught the class registry may not have happened.
        classes.forgetAll();
        if (attempt >= 3 || !RETRYABLE.has(pgErrorCode(e) ?? '')) throw e;
      }
    }
  });
}
