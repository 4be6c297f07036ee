import type { FastifyInstance } from 'fastify';
import { migrate } from '@switchboard/shared/sql';
import type { Sql } from '@switchboard/shared/sql';
import type { AppKeys } from './http/auth';
import { ApiRouter } from './http/router';
import { createTransport } from './http/transport';
import type { TrustProxy } from './http/trust-proxy';
import { Clock } from './lib/clock';
import { cloudQueryRoutes } from './cql/route';
import { batchRoutes } from './routes/batch';
import { controlRoutes } from './routes/control';
import { exportDownloadRoute, exportRoutes } from './routes/export';
import { fileContentRoutes } from './routes/file-content';
import { fileUploadRoutes } from './routes/file-upload';
import { fileRoutes } from './routes/files';
import { indexRoutes } from './routes/indexes';
import { mountClass, objectRoutes } from './routes/objects';
import { schemaWriteRoutes } from './routes/schemas-write';
import { switchboardRoutes } from './routes/switchboard';
import { switchboardImportRoutes } from './routes/switchboard-import';
import { userRoutes } from './routes/users';
import { smsRoutes } from './routes/sms';
import { accountPageRoutes } from './routes/account-pages';
import { AccessResolver } from './services/access';
import { FileApi } from './services/files/file-api';
import { UploadService } from './services/files/uploads';
import { BlobStore } from './store/blobs';
import { RoleApi } from './services/roles/role-api';
import { DEFAULT_SETTINGS, SettingsService } from './services/settings';
import type { AppSettings } from './services/settings';
import { UserApi } from './services/users/user-api';
import { ensureBuiltinClasses } from './store/builtin';
import { scanRoutes } from './routes/scan';
import { systemRoutes } from './routes/system';
import { ExportService } from './services/export';
import { ExportWorker } from './services/export-worker';
import { IndexService } from './services/indexes';
import { Maintenance } from './services/maintenance';
import { WriteService } from './services/objects';
import { ClassPolicy } from './services/class-policy';
import { ClassPermissionStore } from './store/class-permissions';
import { ReadPolicy } from './services/read-policy';
import { ReadService } from './services/reads';
import { ScanService } from './services/scan';
import { SchemaWriter } from './services/schema-writes';
import { ClassRegistry } from './store/classes';
import { serverMigrations } from './store/migrations';
import { createJobRunner } from './jobs';
import type { JobRunner, JobSettings } from './jobs';
import { registerRecurring } from './jobs/recurring';
import { createImArea } from './im';
import { createPushArea } from './push';
import type { PushConfig } from './push';
import type { SignHookConfig } from './im/sign-hook';
import { DEFAULT_LIMITS } from './realtime/context';
import type { RealtimeContext, RealtimeLimits } from './realtime/context';
import { sweepOrphanWills } from './realtime/commands/wills';
import { sweepDeadPresence } from './realtime/presence-sweep';
import { markBroadcastDelivered } from './realtime/missed-broadcasts';
import { Hub } from './realtime/hub';
import { Presence } from './realtime/presence';
import { Registry } from './realtime/registry';
import { SqlBus } from './realtime/sql-bus';
import { realtimeRoutes } from './realtime/route';
import { TokenStore } from './realtime/tokens';
import { MemberInfoApi } from './realtime/member-info-api';
import { DeviceChannel } from './realtime/devices';
import { realtimeMigrations } from './realtime/migrations';
import { Notices } from './realtime/notices';
import { notificationRoutes } from './realtime/notices-route';
import { attachRealtime } from './realtime/transport';
import type { RealtimeTransport } from './realtime/transport';

export interface ServerOptions {
  sql: Sql;
  keys: AppKeys;
  logLevel?: string;
  trustProxy?: TrustProxy;
  /** PUBLIC_URL: the base of every link handed out; the listening address when unset. */
  publicUrl?: string | undefined;
  returnAclAllowed?: boolean;
  /** Registers the test-only control endpoints (reset, clock). */
  testControl?: boolean;
  /** App settings until changed through /1.1/switchboard/settings. */
  settings?: Partial<AppSettings>;
  /** Folder for uploaded file content; a temporary folder when unset. */
  filesDir?: string | undefined;
  /** Background jobs: lease and polling. */
  jobs?: JobSettings;
  /** The push configuration (APNs and vendor profiles); none: deliveries go to the recorder. */
  pushConfig?: PushConfig;
  /** Days an ended push's record and delivery rows are kept; 30 when unset. */
  pushRecordRetentionDays?: number | undefined;
  /** Doc 3 `_rtmClientSign`: where the login-signature hook is; none: every signature is allowed. */
  rtmSignHook?: SignHookConfig | undefined;
  /** Serve HTTPS (and wss) with this certificate and key (PEM). */
  tls?: { cert: string; key: string } | undefined;
  /** The realtime gateway: login signatures required, frame and command limits. */
  realtime?: {
    signatureRequired?: boolean;
    conversationSignatureRequired?: boolean;
    /** A process silent this long is taken as gone (its clients offline, its wills sent by another). */
    nodeTimeoutMs?: number | undefined;
    limits?: Partial<RealtimeLimits>;
  };
}

export interface Server {
  http: FastifyInstance;
  sql: Sql;
  clock: Clock;
  classes: ClassRegistry;
  maintenance: Maintenance;
  jobs: JobRunner;
  /** The live connections of the realtime gateway. */
  hub: Hub;
  realtime: RealtimeTransport;
  close(): Promise<void>;
}

/** Builds the API server on a migrated database; the caller listens and closes. */
export async function createServer(opts: ServerOptions): Promise<Server> {
  const { sql } = opts;
  await migrate(sql, 'lc_migrations', serverMigrations);
  const clock = new Clock();
  const classes = new ClassRegistry();
  const settings = new SettingsService({ ...DEFAULT_SETTINGS, ...opts.settings });
  const classPolicy = new ClassPolicy(classes, new ClassPermissionStore(), settings);
  const policy = new ReadPolicy(settings, classPolicy);
  const reads = new ReadService(classes, opts.returnAclAllowed ?? false, policy, classPolicy);
  let logError: (err: unknown) => void = () => undefined;
  const maintenance = new Maintenance(sql, (err) => logError(err));
  const writes = new WriteService(
    classes,
    clock,
    policy,
    (className, n) => maintenance.noteWrites(className, n),
    classPolicy,
  );
  const router = new ApiRouter();
  const worker = new ExportWorker(sql, classes, clock, (err) => logError(err));
  const exports = new ExportService(opts.keys.appId, opts.keys.masterKey, clock, worker);
  const access = new AccessResolver();
  const accounts = { reads, writes, access, clock, settings };
  await ensureBuiltinClasses(sql, classes);
  const users = new UserApi(accounts);
  const roles = new RoleApi(accounts);
  const blobs = await BlobStore.open(opts.filesDir);
  const files = new FileApi({ ...accounts, blobs });
  const jobs = await createJobRunner(sql, clock, opts.jobs ?? {}, (err) => logError(err));
  // Processes on one database share deliveries, kicks and presence through it (LISTEN/NOTIFY).
  const bus = new SqlBus(sql, (err) => logError(err));
  const devices = new DeviceChannel(sql, bus, clock, (err) => logError(err));
  const push = await createPushArea({
    sql,
    classes,
    clock,
    settings,
    jobs,
    accounts,
    appId: opts.keys.appId,
    config: opts.pushConfig,
    recordRetentionDays: opts.pushRecordRetentionDays,
    ownChannel: devices,
  });
  const presence = new Presence(
    sql,
    bus.node,
    (err) => logError(err),
    (alive) => bus.noteOthers(alive),
    opts.realtime?.nodeTimeoutMs,
  );
  await migrate(sql, 'lc_rtm_migrations', realtimeMigrations);
  const notices = new Notices(sql, clock, (err) => logError(err));
  const hub = new Hub(new Registry(presence), bus, presence, notices);
  presence.onRevived = () => hub.registry.reassert();
  hub.onEveryone = (m) =>
    void markBroadcastDelivered(sql, m.ts, presence.timeoutMs).catch((err: unknown) => logError(err));
  const tokens = new TokenStore(sql);
  const im = await createImArea({
    sql,
    classes,
    clock,
    settings,
    accounts,
    appId: opts.keys.appId,
    masterKey: opts.keys.masterKey,
    push: (tx, request) => push.sendFor(tx, request, 'rtm'),
    signHook: opts.rtmSignHook,
    live: hub,
    jobs,
    onError: (err) => logError(err),
  });
  await bus.start();
  await presence.start();
  const uploads = new UploadService({ ...accounts, blobs }, sql);

  // Doc 1 File record: "File records are queried as the class path /1.1/classes/files".
  objectRoutes(router, accounts, {
    ...{ _User: users, _Role: roles, _File: files, files },
    ...{ _Installation: push.installations, _Notification: push.records },
    _Conversation: im.conversations,
    _ConversationMemberInfo: new MemberInfoApi({ tokens, clock, conversations: im.deps.conversations }),
  });
  push.routes(router);
  im.routes(router);
  userRoutes(router, users, accounts);
  smsRoutes(router, accounts);
  mountClass(router, '/1.1/roles', () => roles);
  cloudQueryRoutes(router, clock);
  fileRoutes(router, files, uploads);
  switchboardRoutes(router, settings);
  switchboardImportRoutes(router, {
    classes,
    clock,
    blobs,
    onWrite: (className, n) => maintenance.noteWrites(className, n),
  });
  batchRoutes(router, writes, classes, (err) => logError(err), access);
  scanRoutes(router, new ScanService(classes, reads, clock, opts.keys.masterKey));
  systemRoutes(router, { classes, clock, permissions: classPolicy.permissions });
  schemaWriteRoutes(router, new SchemaWriter(classes, classPolicy.permissions));
  exportRoutes(router, exports);
  indexRoutes(router, new IndexService(classes, (className) => maintenance.analyze(className)));
  if (opts.testControl)
    controlRoutes(router, {
      classes,
      clock,
      afterReset: async (tx) => {
        await ensureBuiltinClasses(tx, classes);
        classPolicy.permissions.forget();
        settings.forget();
        await push.afterReset(tx);
        await im.afterReset(tx);
      },
    });

  const http = await createTransport({
    router,
    sql,
    keys: opts.keys,
    logLevel: opts.logLevel ?? 'info',
    trustProxy: opts.trustProxy ?? false,
    publicUrl: opts.publicUrl,
    https: opts.tls,
    now: () => clock.now(),
    extraRoutes: (app) => {
      app.get('/healthz', async () => {
        await sql.query('SELECT 1');
        return { status: 'ok' };
      });
      exportDownloadRoute(app, sql, exports);
      fileContentRoutes(app, { sql, blobs });
      fileUploadRoutes(app, { blobs, uploads });
      accountPageRoutes(app, sql, clock);
      realtimeRoutes(app, opts.publicUrl);
      notificationRoutes(app, { appId: opts.keys.appId, tokens, notices, clock });
    },
  });
  const rtm: RealtimeContext = {
    sql,
    node: bus.node,
    im: im.deps,
    hub,
    tokens,
    devices,
    signatureRequired: opts.realtime?.signatureRequired ?? false,
    conversationSignatureRequired: opts.realtime?.conversationSignatureRequired ?? false,
    limits: { ...DEFAULT_LIMITS, ...opts.realtime?.limits },
    log: (err) => logError(err),
  };
  const realtime = attachRealtime(http.server, rtm);
  // The wills of a process that died are sent by whichever live process runs this job, and the
  // presence rows it left are deleted.
  registerRecurring(jobs, 'rtm.orphan-wills', Math.floor(presence.timeoutMs / 2), async () => {
    await sweepOrphanWills(rtm, presence.timeoutMs);
    await sweepDeadPresence(sql, presence.timeoutMs);
  });
  logError = (err) => http.log.error({ err }, 'background or batch element failure');
  worker.start();
  await maintenance.start();
  jobs.start();
  return {
    http,
    sql,
    clock,
    classes,
    maintenance,
    jobs,
    hub,
    realtime,
    async close() {
      await realtime.close();
      await presence.stop();
      await bus.close();
      await jobs.stop();
      await push.close();
      await im.close();
      await worker.stop();
      await maintenance.stop();
      await http.close();
      await blobs.close();
    },
  };
}
