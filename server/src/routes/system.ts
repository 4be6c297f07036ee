import type { Sql } from '@switchboard/shared/sql';
import { classNotFound, masterKeyRequired } from '../http/errors';
import type { ApiRouter } from '../http/router';
import type { AuthContext } from '../http/types';
import type { Clock } from '../lib/clock';
import { assertClassName } from '../services/objects';
import { BUILTIN_FIELDS } from '../services/schema';
import type { ClassRegistry } from '../store/classes';

function requireMaster(auth: AuthContext, what: string): void {
  if (!auth.master) throw masterKeyRequired(what);
}

/** Doc 1 "Schema, export, time": /1.1/date and the schema endpoints. */
export function systemRoutes(
  router: ApiRouter,
  deps: { sql: Sql; classes: ClassRegistry; clock: Clock },
): void {
  router.on('GET', '/1.1/date', () =>
    Promise.resolve({ body: { __type: 'Date', iso: deps.clock.now().toISOString() } }),
  );

  router.on('GET', '/1.1/schemas', async (req) => {
    requireMaster(req.auth, 'reading schemas');
    const all = await deps.classes.list(deps.sql);
    return { body: Object.fromEntries(all.map((c) => [c.name, { ...BUILTIN_FIELDS, ...c.fields }])) };
  });

  router.on('GET', '/1.1/schemas/:className', async (req) => {
    requireMaster(req.auth, 'reading schemas');
    const className = req.params.className ?? '';
    assertClassName(className, false);
    const fields = await deps.classes.fields(deps.sql, className);
    if (!fields) throw classNotFound();
    return { body: { [className]: { ...BUILTIN_FIELDS, ...fields } } };
  });
}
