import cookieParser from 'cookie-parser';
import express from 'express';
import type { Express } from 'express';
import type { RequestListener } from 'node:http';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { GuardedClient } from '@switchboard/outbound';
import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { BffConfig } from './config';
import { bffMigrations } from './db/migrations';
import { notFound } from './domain/errors';
import { uploadsRoot } from './domain/migrations';
import { bindSecretKey } from './domain/secret-box';
import { prepareFirstRun } from './domain/setup';
import { appAccess } from './http/app-access';
import { requestContext } from './http/context';
import { csrfGuard } from './http/csrf';
import { errorHandler } from './http/errors';
import { fastReads } from './http/fast-read';
import { appSettingRoutes } from './http/routes/app-settings';
import { hostGuard } from './http/forwarded';
import type { TrustFn } from './http/forwarded';
import { jsonBodies, jsonLimits } from './http/json-limits';
import { appRoutes, upstreamRoutes } from './http/routes/apps';
import { auditRoutes } from './http/routes/audit';
import { authRoutes } from './http/routes/auth';
import { consoleUserRoutes } from './http/routes/console-users';
import { exportRoutes } from './http/routes/export';
import { filePreviewRoutes } from './http/routes/file-preview';
import { fileRoutes } from './http/routes/files';
import { layoutRoutes } from './http/routes/layouts';
import { migrationRoutes } from './http/routes/migrations';
import { passwordRoutes } from './http/routes/passwords';
import { preferenceRoutes } from './http/routes/preferences';
import { pushRoutes } from './http/routes/push';
import { sessionSecurityRoutes } from './http/routes/session-security';
import { viewRoutes } from './http/routes/views';
import { requestLog } from './http/request-log';
import { apiSecurityHeaders, cspNonce, pageSecurityHeaders } from './http/security';
import { loadUser } from './http/session-cookie';
import { webApp } from './http/web-app';
import { resolveSecretKey } from './secret-key';
import { UpstreamClient } from './upstream/client';

export interface Bff {
  app: Express;
  /** What the HTTP server runs: the fast path for upstream reads, else the Express app. */
  handler: RequestListener;
  log: Logger;
  /** Set on first start when no admin exists and none was configured. */
  setupToken: string | undefined;
}

/**
 * Builds the console server on a migrated database; the caller listens. `outbound` replaces the
 * client of fetches made for users (tests give it a resolver of their own).
 */
export async function createBff(
  config: BffConfig,
  sql: Sql,
  log?: Logger,
  outbound = GuardedClient.forSetting(config.allowPrivateSources),
): Promise<Bff> {
  const logger =
    log ?? pino({ level: config.logLevel, redact: ['req.headers.cookie', 'res.headers["set-cookie"]'] });
  await migrate(sql, 'bff_migrations', bffMigrations);
  const secretKey = resolveSecretKey(config.secretKey, config.database.dataDir);
  const { sealed } = await bindSecretKey(sql, secretKey.key, secretKey.source);
  if (sealed > 0) logger.info(`sealed ${sealed} two-step sign-in secrets stored before encryption`);
  const firstRun = await prepareFirstRun(sql, config.initialAdmin);
  if (firstRun.createdAdmin) logger.info(`created the first console admin ${firstRun.createdAdmin}`);

  const appIds = config.apps.map((a) => a.id);
  const clients = new Map(config.apps.map((a) => [a.id, new UpstreamClient(a, config.upstreamTimeoutMs)]));
  const app = express();
  app.disable('x-powered-by');
  // The console never asks conditionally, so hashing every JSON answer for an ETag is wasted.
  app.set('etag', false);
  app.set('trust proxy', config.trustProxy);
  const trust = app.get('trust proxy fn') as TrustFn;
  app.use(requestContext);
  app.use(requestLog(logger, config.logLevel === 'debug'));
  app.use(hostGuard(config.allowedHosts, trust));
  app.get(['/healthz', '/readyz'], apiSecurityHeaders);
  app.get('/healthz', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.get('/readyz', async (_req, res) => {
    await sql.query('SELECT 1');
    res.json({ status: 'ready' });
  });
  app.use(
    '/api',
    apiSecurityHeaders,
    cookieParser(),
    csrfGuard,
    loadUser(sql, config.session),
    jsonBodies(),
    jsonLimits,
  );
  app.use(upstreamRoutes(sql, config.apps, clients));
  app.use(authRoutes(sql, config.session, appIds));
  app.use(sessionSecurityRoutes(sql));
  app.use(passwordRoutes(sql));
  app.use(preferenceRoutes(sql));
  app.use(viewRoutes(sql, appIds));
  // Before appRoutes, whose /api/apps/:app/* forwards everything else upstream.
  const access = appAccess(sql, config.apps, clients);
  app.use(exportRoutes(access));
  app.use(fileRoutes(access));
  app.use(filePreviewRoutes(access, outbound));
  app.use(layoutRoutes(sql, access));
  app.use(appSettingRoutes(sql, access));
  app.use(pushRoutes(access));
  app.use(migrationRoutes(access, { uploads: uploadsRoot(config.database.dataDir), outbound }));
  app.use(appRoutes(sql, config.apps, clients));
  app.use(consoleUserRoutes(sql, appIds));
  app.use(auditRoutes(sql));
  app.use('/api', (req, _res, next) =>
    next(notFound(`There is no console API ${req.method} ${req.originalUrl}.`)),
  );
  app.use(cspNonce, pageSecurityHeaders, webApp(config.webDist));
  app.use(errorHandler(logger));
  const fast = fastReads({
    sql,
    policy: config.session,
    apps: new Map(config.apps.map((a) => [a.id, { app: a, client: clients.get(a.id)! }])),
    logger,
    logEach: config.logLevel === 'debug',
    trust,
    allowedHosts: config.allowedHosts,
  });
  const handler: RequestListener = (req, res) => {
    fast(req, res).then(
      (handled) => {
        if (!handled) app(req, res);
      },
      // Only a fault before anything was written can land here (the session store failing):
      // Express answers the request itself, in the console's error model.
      () => {
        app(req, res);
      },
    );
  };
  return { app, handler, log: logger, setupToken: firstRun.setupToken };
}
