import { classNotFound } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import type { Clock } from '../lib/clock';
import { assertClassName } from '../services/names';
import { BUILTIN_FIELDS } from '../services/schema';
import type { ClassRegistry } from '../store/classes';

/** Doc 1 "Schema, export, time": /1.1/date and the schema endpoints. */
export function systemRoutes(router: ApiRouter, deps: { classes: ClassRegistry; clock: Clock }): void {
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
}
