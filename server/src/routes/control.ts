import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { Clock } from '../lib/clock';
import type { ClassRegistry } from '../store/classes';
import { resetAllData } from '../store/reset';

/**
 * Test-only control endpoints, registered only when ENABLE_TEST_CONTROL=1 and master key only:
 * wipe every class and record, and move the server clock (cursor expiry, later timers).
 */
export function controlRoutes(
  router: ApiRouter,
  deps: { classes: ClassRegistry; clock: Clock; afterReset: (sql: Sql) => Promise<void> },
): void {
  router.on('POST', '/1.1/__test/reset', async (req) => {
    requireMaster(req.auth, 'test control');
    await resetAllData(req.sql);
    deps.classes.forgetAll();
    await deps.afterReset(req.sql);
    deps.clock.reset();
    return { body: {} };
  });
  router.on('POST', '/1.1/__test/clock', (req) => {
    requireMaster(req.auth, 'test control');
    const body = isPlainObject(req.body) ? req.body : {};
    if (body.reset === true) deps.clock.reset();
    else if (typeof body.advanceMs === 'number' && Number.isFinite(body.advanceMs) && body.advanceMs >= 0) {
      deps.clock.advance(body.advanceMs);
    } else
      throw badRequest(
        LcCode.InvalidParameter,
        'Send {"advanceMs": <non-negative number>} or {"reset": true}.',
      );
    return Promise.resolve({ body: { iso: deps.clock.now().toISOString() } });
  });
}
