import cookieParser from 'cookie-parser';
import express from 'express';
import type { Express } from 'express';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { pinoHttp } from 'pino-http';
import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { BffConfig } from './config';
import { bffMigrations } from './db/migrations';
import { notFound } from './domain/errors';
import { prepareFirstRun } from './domain/setup';
import { requestContext } from './http/context';
import { csrfGuard } from './http/csrf';
import { errorHandler } from './http/errors';
import { jsonLimits } from './http/json-limits';
import { appRoutes } from './http/routes/apps';
import { auditRoutes } from './http/routes/audit';
import { authRoutes } from './http/routes/auth';
import { consoleUserRoutes } from './http/routes/console-users';
import { sessionSecurityRoutes } from './http/routes/session-security';
import { cspNonce, securityHeaders } from './http/security';
import { loadUser } from './http/session-cookie';
import { webApp } from './http/web-app';
import { UpstreamClient } from './upstream/client';

export interface Bff {
  app: Express;
  log: Logger;
  /** Set on first start when no admin exists and none was configured. */
  setupToken: string | undefined;
}

/** Builds the console server on a migrated database; the caller listens. */
export async function createBff(config: BffConfig, sql: Sql, log?: Logger): Promise<Bff> {
  const logger =
    log ?? pino({ level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] });
  await migrate(sql, 'bff_migrations', bffMigrations);
  const firstRun = await prepareFirstRun(sql, config.initialAdmin);
  if (firstRun.createdAdmin) logger.info(`created the first console admin ${firstRun.createdAdmin}`);

  const appIds = config.apps.map((a) => a.id);
  const clients = new Map(config.apps.map((a) => [a.id, new UpstreamClient(a, config.upstreamTimeoutMs)]));
  const app = express();
  app.disable('x-powered-by');
  // The console never asks conditionally, so hashing every JSON answer for an ETag is wasted.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  app.use(requestContext);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req) => (req as express.Request).requestId,
      autoLogging: config.logLevel === 'debug',
    }),
  );
  app.use(cspNonce, securityHeaders);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    await sql.query('SELECT 1');
    res.json({ status: 'ready' });
  });
  app.use(
    '/api',
    express.json({ limit: '20mb' }),
    jsonLimits,
    cookieParser(),
    csrfGuard,
    loadUser(sql, config.session),
  );
  app.use(authRoutes(sql, config.session, appIds));
  app.use(sessionSecurityRoutes(sql));
  app.use(appRoutes(sql, config.apps, clients));
  app.use(consoleUserRoutes(sql, appIds));
  app.use(auditRoutes(sql));
  app.use('/api', (req, _res, next) =>
    next(notFound(`There is no console API ${req.method} ${req.originalUrl}.`)),
  );
  app.use(webApp(config.webDist));
  app.use(errorHandler(logger));
  return { app, log: logger, setupToken: firstRun.setupToken };
}
