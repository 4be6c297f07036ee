import type { FastifyInstance } from 'fastify';
import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { AppKeys } from './http/auth';
import { ApiRouter } from './http/router';
import { createTransport } from './http/transport';
import { Clock } from './lib/clock';
import { objectRoutes } from './routes/objects';
import { systemRoutes } from './routes/system';
import { ObjectService } from './services/objects';
import { ClassRegistry } from './store/classes';
import { serverMigrations } from './store/migrations';

export interface ServerOptions {
  sql: Sql;
  keys: AppKeys;
  logLevel?: string;
  trustProxy?: boolean;
  returnAclAllowed?: boolean;
}

export interface Server {
  http: FastifyInstance;
  sql: Sql;
  clock: Clock;
  classes: ClassRegistry;
  objects: ObjectService;
}

/** Builds the API server on a migrated database; the caller listens and closes. */
export async function createServer(opts: ServerOptions): Promise<Server> {
  await migrate(opts.sql, 'lc_migrations', serverMigrations);
  const clock = new Clock();
  const classes = new ClassRegistry();
  const objects = new ObjectService({
    sql: opts.sql,
    classes,
    clock,
    returnAclAllowed: opts.returnAclAllowed ?? false,
  });
  const router = new ApiRouter();
  objectRoutes(router, objects);
  systemRoutes(router, { sql: opts.sql, classes, clock });
  const http = await createTransport({
    router,
    keys: opts.keys,
    logLevel: opts.logLevel ?? 'info',
    trustProxy: opts.trustProxy ?? false,
    extraRoutes: (app) => {
      app.get('/healthz', async () => {
        await opts.sql.query('SELECT 1');
        return { status: 'ok' };
      });
    },
  });
  return { http, sql: opts.sql, clock, classes, objects };
}
