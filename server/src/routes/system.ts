import { classNotFound } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { Clock } from '../lib/clock';
import { assertClassName } from '../services/names';
import { BUILTIN_FIELDS } from '../services/schema';
import type { ClassRegistry } from '../store/classes';
import type { ClassPermissionStore } from '../store/class-permissions';

/** Doc 1 "Schema, export, time": /1.1/date and the schema endpoints. */
export function systemRoutes(
  router: ApiRouter,
  deps: { classes: ClassRegistry; clock: Clock; permissions: ClassPermissionStore },
): void {
  router.on('GET', '/1.1/date', () =>
    Promise.resolve({ body: { __type: 'Date', iso: deps.clock.now().toISOString() } }),
  );

  router.on('GET', '/1.1/schemas', async (req) => {
    requireMaster(req.auth, 'reading schemas');
    const all = await deps.classes.list(req.sql);
    return { body: Object.fromEntries(all.map((c) => [c.name, { ...BUILTIN_FIELDS, ...c.fields }])) };
  });

  router.on('GET', '/1.1/schemas/:className', async (req) => {
    requireMaster(req.auth, 'reading schemas');
    const className = req.params.className ?? '';
    assertClassName(className, false);
    const fields = await deps.classes.fields(req.sql, className);
    if (!fields) throw classNotFound();
    return { body: { [className]: { ...BUILTIN_FIELDS, ...fields } } };
  });

  // The class permissions, in LeanCloud's shape; written with PUT /1.1/schemas/<className>.
  router.on('GET', '/1.1/schemas/:className/permissions', async (req) => {
    requireMaster(req.auth, 'reading schemas');
    const className = req.params.className ?? '';
    assertClassName(className, false);
    if (!(await deps.classes.exists(req.sql, className))) throw classNotFound();
    return { body: { permissions: await deps.permissions.get(req.sql, className) } };
  });
}
