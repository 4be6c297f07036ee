/**
 * Runs ../shared/conformance against our API server: once on PGlite and, when TEST_DATABASE_URL
 * is set, once on Postgres (in a schema of its own, dropped afterwards). Only the kit's files for
 * the areas built so far run; each area adds its files here.
 */
import { spawn } from 'node:child_process';
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
interface Variant {
  label: string;
  settings: Record<string, string>;
  files: string[];
  /** Spends most of its time waiting for a rate limit's minute to pass: runs beside the others. */
  waitsOnClock?: boolean;
}

const VARIANTS: Variant[] = [
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
    waitsOnClock: true,
  },
];

/** The database settings of one variant's server: each its own, as the app's settings live there. */
type DatabaseFor = (v: Variant) => Record<string, string>;

async function runAgainst(label: string, db: DatabaseFor, kit: string): Promise<void> {
  // A variant that waits out a rate limit's minute costs no CPU meanwhile: it runs beside the
  // others, its output held back and printed whole when it ends, so the log stays readable.
  // Each settles to its error (or undefined) at once, so a failure before it is awaited is not
  // an unhandled rejection that ends the process.
  const waiting = VARIANTS.filter((v) => v.waitsOnClock).map((v) =>
    runVariant(`${label}, ${v.label}`, db(v), kit, v, true).then(
      () => undefined,
      (e: unknown) => e ?? new Error(`conformance kit (${v.label}) failed`),
    ),
  );
  let first: unknown;
  try {
    for (const v of VARIANTS.filter((x) => !x.waitsOnClock))
      await runVariant(`${label}, ${v.label}`, db(v), kit, v, false);
  } catch (e) {
    first = e;
  }
  // The waiting variants are awaited either way, so their servers are stopped before this returns.
  const errors = await Promise.all(waiting);
  const error: unknown = first ?? errors.find((e) => e !== undefined);
  if (error !== undefined)
    throw error instanceof Error ? error : new Error(`conformance kit: ${JSON.stringify(error)}`);
}

async function runVariant(
  label: string,
  db: Record<string, string>,
  kit: string,
  v: Variant,
  heldBack: boolean,
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
    const title = `\nconformance kit (${v.files.join(', ')}) on ${label}`;
    const args = [join(kit, 'run.mjs'), ...v.files];
    const env = { ...process.env, ...keys, ...v.settings, LC_BASE_URL: base };
    if (!heldBack) {
      console.log(title);
      await run(process.execPath, args, { env });
      return;
    }
    const { ok, output } = await runHeldBack(process.execPath, args, env);
    console.log(`${title}\n${output}`);
    if (!ok) throw new Error(`conformance kit (${v.files.join(', ')}) on ${label} failed`);
  } finally {
    await stopAll([server]);
  }
}

/** Runs a command with its output collected rather than printed. */
function runHeldBack(
  cmd: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => chunks.push(c));
    child.on('error', (e) => resolve({ ok: false, output: String(e) }));
    child.on('close', (code) => resolve({ ok: code === 0, output: Buffer.concat(chunks).toString() }));
  });
}

export async function runConformance(): Promise<void> {
  const kit = resolve(root, process.env.CONFORMANCE_DIR ?? '../shared/conformance');
  if (!existsSync(join(kit, 'run.mjs'))) {
    // The kit lives outside the repository: a clone alone lacks it, CI always has it.
    if (process.env.CI) throw new Error(`the conformance kit is not at ${kit} (set CONFORMANCE_DIR)`);
    console.log(`the conformance kit is not at ${kit} (set CONFORMANCE_DIR to run it); passed over`);
    return;
  }
  await runAgainst('PGlite', () => ({ DATA_DIR: 'memory' }), kit);
  const pg = process.env.TEST_DATABASE_URL;
  if (!pg) return;
  const prefix = `conf_${randomBytes(6).toString('hex')}`;
  const schemas = VARIANTS.map((v, i) => ({ v, schema: `${prefix}_${i}` }));
  const schemaOf = (v: Variant) => schemas.find((x) => x.v === v)?.schema ?? prefix;
  try {
    await runAgainst('Postgres', (v) => ({ DATABASE_URL: pg, DATABASE_SCHEMA: schemaOf(v) }), kit);
  } finally {
    const admin = await openSql({ url: pg });
    try {
      for (const { schema } of schemas) await admin.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    } finally {
      await admin.close();
    }
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  runConformance().catch((e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
