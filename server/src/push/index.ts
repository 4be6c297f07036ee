import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { ApiRouter } from '../http/router';
import type { Clock } from '../lib/clock';
import { registerRecurring } from '../jobs/recurring';
import type { JobRunner } from '../jobs/runner';
import { mountClass } from '../routes/objects';
import type { ObjectApiDeps } from '../services/object-api';
import type { SettingsService } from '../services/settings';
import type { ClassRegistry } from '../store/classes';
import type { PushConfig } from './config';
import { audienceRoute } from './audience-route';
import { gatewaysRoute } from './gateways-route';
import { deliveriesRoute } from './deliveries';
import { chunkQueue } from './engine/chunk';
import { CHUNK_QUEUE, PLAN_QUEUE } from './engine/deps';
import type { EngineDeps } from './engine/deps';
import { planQueue } from './engine/plan';
import { GatewayDirectory } from './gateways';
import { InstallationApi } from './installations/api';
import { housekeeping } from './housekeeping';
import { DEFAULT_RECORD_RETENTION_DAYS } from './retention';
import { ensurePushClasses } from './installations/setup';
import { PUSH_TABLES, pushMigrations } from './migrations';
import { RecordsApi } from './records-api';
import { scheduledRoutes } from './scheduled';
import { sendPush, sendServicePush } from './send';
import type { OwnChannelOutlet } from './gateways/types';
import type { PushRequest } from './model';

export { loadPushConfig } from './config';
export type { PushConfig } from './config';
export type { PushRequest } from './model';

export interface PushAreaDeps {
  sql: Sql;
  classes: ClassRegistry;
  clock: Clock;
  settings: SettingsService;
  jobs: JobRunner;
  accounts: ObjectApiDeps;
  appId: string;
  config: PushConfig;
  /** Days an ended push's record and delivery rows are kept (PUSH_RECORD_RETENTION_DAYS). */
  recordRetentionDays?: number | undefined;
  /** The realtime gateway's Android device connections (the own channel); none: that channel fails. */
  ownChannel?: OwnChannelOutlet | undefined;
}

export interface PushArea {
  /** _Installation's rules, for /1.1/classes/_Installation and batch elements too. */
  installations: InstallationApi;
  /** _Notification (push records), for /1.1/classes/_Notification. */
  records: RecordsApi;
  /** Sends a push inside `tx` on behalf of another area (instant messaging: from-service rtm). */
  sendFor(tx: Sql, request: PushRequest, source: 'rtm'): Promise<string>;
  routes(router: ApiRouter): void;
  /** After the test-only reset dropped every class: push's classes and tables start empty. */
  afterReset(tx: Sql): Promise<void>;
  close(): Promise<void>;
}

/** Doc 2: installations, push, push records, scheduled pushes, and the engine that delivers. */
export async function createPushArea(d: PushAreaDeps): Promise<PushArea> {
  await migrate(d.sql, 'lc_push_migrations', pushMigrations);
  await ensurePushClasses(d.sql, d.classes);
  const gateways = new GatewayDirectory(d.config, { ownChannel: d.ownChannel });
  const engine: EngineDeps = {
    sql: d.sql,
    classes: d.classes,
    clock: d.clock,
    jobs: d.jobs,
    gateways,
    settings: d.settings,
  };
  d.jobs.register(PLAN_QUEUE, planQueue(engine));
  d.jobs.register(CHUNK_QUEUE, chunkQueue(engine));
  registerRecurring(d.jobs, 'push.housekeeping', 3_600_000, () =>
    housekeeping(d.sql, d.classes, d.clock.now(), {
      recordRetentionDays: d.recordRetentionDays ?? DEFAULT_RECORD_RETENTION_DAYS,
    }),
  );
  const installations = new InstallationApi(d.accounts, d.classes);
  const records = new RecordsApi({ reads: d.accounts.reads, clock: d.clock });
  return {
    installations,
    records,
    sendFor: (tx, request, source) => sendServicePush(engine, tx, request, source),
    routes(router) {
      router.on('POST', '/1.1/push', (req) => sendPush(engine, req, 'query'));
      router.on('POST', '/1.1/push/devices', (req) => sendPush(engine, req, 'devices'));
      mountClass(router, '/1.1/installations', () => installations);
      router.on('GET', '/1.1/notifications', (req) => records.query(req));
      router.on('GET', '/1.1/notifications/:id', (req) => records.get(req, req.params.id ?? ''));
      router.on('DELETE', '/1.1/notifications/:id', (req) => records.delete(req, [req.params.id ?? '']));
      router.on('GET', '/1.1/tables/Notifications/:objectId', (req) =>
        records.read(req, req.params.objectId ?? ''),
      );
      scheduledRoutes(router, { appId: d.appId, clock: d.clock });
      deliveriesRoute(router);
      audienceRoute(router, { classes: d.classes, clock: d.clock });
      gatewaysRoute(router, d.config);
    },
    async afterReset(tx) {
      await tx.exec(PUSH_TABLES.map((t) => `DELETE FROM ${t};`).join(' '));
      await tx.query('DELETE FROM lc_jobs WHERE queue = ANY($1::text[])', [[PLAN_QUEUE, CHUNK_QUEUE]]);
      await ensurePushClasses(tx, d.classes);
    },
    close: () => gateways.close(),
  };
}
