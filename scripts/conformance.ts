/**
 * Runs ../shared/conformance against our API server: once on PGlite and, when TEST_DATABASE_URL
 * is set, once on Postgres (in a schema of its own, dropped afterwards). Only the kit's files for
 * the areas built so far run; each area adds its files here.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { openSql } from '@switchboard/shared/sql';
import { freePort, root, run, startTs, stopAll, waitForHttp } from './lib';

/** The kit's files for the areas built so far (Doc 1: storage, accounts, roles and ACL, files; Doc 2; Doc 3). */
export const CONFORMANCE_FILES = [
  'objects-crud',
  'auth-headers',
  'atomic-ops',
  'queries',
  'geo',
  'relations',
  'batch',
  'scan',
  'users',
  'authdata',
  'roles-acl',
  'files-schemas-export-date',
  // Doc 2: installations and push.
  'installations',
  'push',
  // Doc 3: instant messaging.
  'im-conversations',
  'im-history',
  'im-chatrooms',
  'im-service-conversations',
  'im-clients',
  'im-global',
  'limits',
];

/**
 * The app settings the kit can only test when told they are on (Doc 1 Authentication rule 6): a
 * second server runs with them on, for the files whose tests depend on them.
 */
const VARIANTS: { label: string; settings: Record<string, string>; files: string[] }[] = [
  { label: 'default settings', settings: { LC_RETURN_ACL: '1' }, files: CONFORMANCE_FILES },
  {
    label: 'e-mail verification, forbidden unverified login, forced re-login',
    settings: { LC_EMAIL_VERIFY: '1', LC_FORBID_UNVERIFIED_EMAIL_LOGIN: '1', LC_FORCE_RELOGIN: '1' },
    files: ['users'],
  },
  {
    // Doc 2 and Doc 3 Limits: low quotas, so the kit's rate-limit tests need few calls (they run alone).
    label: 'push calls limited to 5 a minute, normal messages to 5 a minute',
    settings: { LC_PUSH_QUOTA: '5', LC_MESSAGE_QUOTA: '5' },
    files: ['rate-limits'],
  },
];

async function runAgainst(label: string, db: Record<string, string>, kit: string): Promise<void> {
  for (const v of VARIANTS) await runVariant(`${label}, ${v.label}`, db, kit, v);
}

async function runVariant(
  label: string,
  db: Record<string, string>,
  kit: string,
  v: (typeof VARIANTS)[number],
): Promise<void> {
  const port = await freePort();
  const keys = {
    LC_APP_ID: `conf${randomBytes(4).toString('hex')}`,
    LC_APP_KEY: randomBytes(12).toString('hex'),
    LC_MASTER_KEY: randomBytes(12).toString('hex'),
  };
  const server = startTs('server/src/main.ts', {
    ...keys,
    ...db,
    SERVER_PORT: String(port),
    SERVER_HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ...v.settings,
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await waitForHttp(`${base}/healthz`, server);
    console.log(`\nconformance kit (${v.files.join(', ')}) on ${label}`);
    await run(process.execPath, [join(kit, 'run.mjs'), ...v.files], {
      env: { ...process.env, ...keys, ...v.settings, LC_BASE_URL: base },
    });
  } finally {
    await stopAll([server]);
  }
}

export async function runConformance(): Promise<void> {
  const kit = resolve(root, process.env.CONFORMANCE_DIR ?? '../shared/conformance');
  if (!existsSync(join(kit, 'run.mjs')))
    throw new Error(`the conformance kit is not at ${kit} (set CONFORMANCE_DIR)`);
  await runAgainst('PGlite', { DATA_DIR: 'memory' }, kit);
  const pg = process.env.TEST_DATABASE_URL;
  if (!pg) return;
  const schema = `conf_${randomBytes(6).toString('hex')}`;
  try {
    await runAgainst('Postgres', { DATABASE_URL: pg, DATABASE_SCHEMA: schema }, kit);
  } finally {
    const admin = await openSql({ url: pg });
    await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => admin.close());
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  runConformance().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
