import { readFileSync } from 'node:fs';
import { openSql } from '@switchboard/shared/sql';
import { createServer } from './app';
import { dataDirOf, filesDirOf, loadConfig } from './config';
import { seedDemoData } from './demo/seed';
import { seedDemoMessaging } from './im/demo';
import { listeningUrl } from './http/public-url';
import { loadPushConfig } from './push';

async function main(): Promise<void> {
  const config = loadConfig();
  const sql = await openSql({
    url: config.DATABASE_URL,
    dataDir: dataDirOf(config),
    schema: config.DATABASE_SCHEMA,
    statementTimeoutMs: config.STATEMENT_TIMEOUT_MS,
  });
  const server = await createServer({
    sql,
    keys: { appId: config.LC_APP_ID, appKey: config.LC_APP_KEY, masterKey: config.LC_MASTER_KEY },
    logLevel: config.LOG_LEVEL,
    trustProxy: config.TRUST_PROXY,
    publicUrl: config.PUBLIC_URL,
    returnAclAllowed: config.LC_RETURN_ACL,
    testControl: config.ENABLE_TEST_CONTROL,
    settings: {
      emailVerify: config.LC_EMAIL_VERIFY,
      forbidUnverifiedEmailLogin: config.LC_FORBID_UNVERIFIED_EMAIL_LOGIN,
      forceRelogin: config.LC_FORCE_RELOGIN,
      userQueryOpen: config.LC_USER_QUERY_OPEN,
      clientPushForbidden: !config.LC_CLIENT_PUSH_ALLOWED,
      ...(config.LC_PUSH_QUOTA ? { pushCallsPerMinute: config.LC_PUSH_QUOTA } : {}),
      ...(config.LC_MESSAGE_QUOTA ? { imMessagesPerMinute: config.LC_MESSAGE_QUOTA } : {}),
    },
    filesDir: filesDirOf(config),
    jobs: { leaseMs: config.JOBS_LEASE_MS, concurrency: config.JOBS_CONCURRENCY },
    pushConfig: loadPushConfig(config.PUSH_CONFIG_FILE),
    pushRecordRetentionDays: config.PUSH_RECORD_RETENTION_DAYS,
    ...(config.LC_RTM_SIGN_HOOK_URL
      ? {
          rtmSignHook: {
            url: config.LC_RTM_SIGN_HOOK_URL,
            hookKey: config.LC_HOOK_KEY,
            allowPrivate: config.LC_HOOKS_ALLOW_PRIVATE,
          },
        }
      : {}),
    tls:
      config.TLS_CERT_FILE && config.TLS_KEY_FILE
        ? { cert: readFileSync(config.TLS_CERT_FILE, 'utf8'), key: readFileSync(config.TLS_KEY_FILE, 'utf8') }
        : undefined,
    realtime: {
      signatureRequired: config.LC_RTM_SIGNATURE,
      conversationSignatureRequired: config.LC_RTM_CONV_SIGNATURE,
      nodeTimeoutMs: config.RTM_NODE_TIMEOUT_MS,
    },
  });
  if (config.SEED_DEMO_DATA) {
    const seeded = await seedDemoData(server);
    if (seeded) await seedDemoMessaging(server, { appId: config.LC_APP_ID, masterKey: config.LC_MASTER_KEY });
    server.http.log.info(seeded ? 'demo data loaded' : 'demo data already present');
  }
  const address = await server.http.listen({ port: config.SERVER_PORT, host: config.SERVER_HOST });
  server.http.log.info(
    `API server for app ${config.LC_APP_ID} on ${address} (${config.DATABASE_URL ? 'Postgres' : `PGlite ${config.DATA_DIR}`})`,
  );
  // Listening on every interface means clients on other machines, for whom a loopback link is wrong.
  if (!config.PUBLIC_URL && ['0.0.0.0', '::'].includes(config.SERVER_HOST)) {
    server.http.log.warn(
      `PUBLIC_URL is not set: links in mails, file urls and export downloads point at ${listeningUrl(server.http.server.address())}; set PUBLIC_URL to the address clients use.`,
    );
  }
  const stop = async () => {
    await server.close();
    await sql.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
