import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { loadAppsFile } from './apps-config';
import type { UpstreamApp } from './apps-config';
import { parseAllowedHosts, parseTrustProxy } from './network-settings';
import type { TrustProxy } from './network-settings';
import { parseSecretKey, SECRET_KEY_FORMAT } from './secret-key';

/**
 * The BFF's configuration, read from the environment in this one module. The upstream master key
 * is read here and handed only to the upstream client (DESIGN.md convention 2).
 */
const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const envSchema = z.object({
  CONSOLE_PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  CONSOLE_HOST: z.string().default('0.0.0.0'),
  BFF_DATABASE_URL: optional,
  BFF_DATABASE_SCHEMA: optional,
  BFF_DATA_DIR: z.string().trim().default('./data/bff'),
  /** Seals TOTP secrets at rest (secret-key.ts); generated into BFF_DATA_DIR when unset. */
  CONSOLE_SECRET_KEY: optional.refine((v) => v === undefined || parseSecretKey(v) !== undefined, {
    message: SECRET_KEY_FORMAT,
  }),
  CONSOLE_ADMIN_EMAIL: optional,
  CONSOLE_ADMIN_PASSWORD: optional,
  /** Several apps: a JSON file (see apps-config.ts). Without it, one app from UPSTREAM_*. */
  CONSOLE_APPS_FILE: optional,
  UPSTREAM_URL: z.url('UPSTREAM_URL must be a URL such as http://127.0.0.1:3100').optional(),
  UPSTREAM_NAME: z.string().trim().default('Default app'),
  UPSTREAM_APP_ID: optional,
  UPSTREAM_APP_KEY: optional,
  UPSTREAM_MASTER_KEY: optional,
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).default(15000),
  WEB_DIST: optional,
  SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(120),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).default(24),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx) => settled(parseTrustProxy(v), ctx)),
  CONSOLE_ALLOWED_HOSTS: z
    .string()
    .optional()
    .transform((v, ctx) => settled(parseAllowedHosts(v), ctx)),
  /**
   * Lets live copies, file downloads and file previews reach loopback and private addresses
   * (@switchboard/outbound).
   */
  CONSOLE_ALLOW_PRIVATE_SOURCES: z
    .enum(['0', '1', 'true', 'false', ''])
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

/** A parsed setting, or its error reported as an issue of the variable. */
function settled<T>(r: T | { error: string }, ctx: z.RefinementCtx): T {
  if (typeof r === 'object' && r !== null && 'error' in r) {
    ctx.addIssue({ code: 'custom', message: r.error });
    return z.NEVER;
  }
  return r;
}

export type { UpstreamApp } from './apps-config';

export interface BffConfig {
  port: number;
  host: string;
  database: { url: string | undefined; schema: string | undefined; dataDir: string | undefined };
  initialAdmin: { email: string; password: string } | undefined;
  /** CONSOLE_SECRET_KEY; when absent the key is kept in the data folder (secret-key.ts). */
  secretKey?: Buffer | undefined;
  apps: UpstreamApp[];
  upstreamTimeoutMs: number;
  webDist: string;
  session: { idleMs: number; absoluteMs: number };
  logLevel: string;
  /** Which proxies' X-Forwarded-* headers to believe (network-settings.ts). */
  trustProxy: TrustProxy;
  /** Host names served besides IP addresses and localhost (DNS rebinding). */
  allowedHosts: string[];
  /**
   * Whether what the console fetches for its users (a live copy's source, old file URLs) may be
   * on loopback or a private network: local development, or a source on the same network. Off by
   * default, so no console user can make the console reach its own machine's neighbours.
   */
  allowPrivateSources: boolean;
}

/** The one app of UPSTREAM_* (id `default`), when no apps file is given. */
function singleApp(e: z.infer<typeof envSchema>): UpstreamApp {
  const missing = (['UPSTREAM_URL', 'UPSTREAM_APP_ID', 'UPSTREAM_APP_KEY', 'UPSTREAM_MASTER_KEY'] as const)
    .filter((k) => !e[k])
    .map((k) => `  ${k}: required (or set CONSOLE_APPS_FILE to configure several apps)`);
  if (
    missing.length > 0 ||
    !e.UPSTREAM_URL ||
    !e.UPSTREAM_APP_ID ||
    !e.UPSTREAM_APP_KEY ||
    !e.UPSTREAM_MASTER_KEY
  ) {
    throw new Error(`invalid console configuration:\n${missing.join('\n')}`);
  }
  return {
    id: 'default',
    name: e.UPSTREAM_NAME,
    baseUrl: e.UPSTREAM_URL.replace(/\/+$/, ''),
    appId: e.UPSTREAM_APP_ID,
    appKey: e.UPSTREAM_APP_KEY,
    masterKey: e.UPSTREAM_MASTER_KEY,
  };
}

const here = fileURLToPath(new URL('.', import.meta.url));

export function loadConfig(env: NodeJS.ProcessEnv = process.env): BffConfig {
  const r = envSchema.safeParse(env);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
    throw new Error(`invalid console configuration:\n${lines.join('\n')}`);
  }
  const e = r.data;
  if ((e.CONSOLE_ADMIN_EMAIL === undefined) !== (e.CONSOLE_ADMIN_PASSWORD === undefined)) {
    throw new Error(
      'invalid console configuration:\n  set both CONSOLE_ADMIN_EMAIL and CONSOLE_ADMIN_PASSWORD, or neither',
    );
  }
  if (e.BFF_DATABASE_URL && e.BFF_DATA_DIR === 'memory' && !e.CONSOLE_SECRET_KEY) {
    // A key that lived only in this process would leave a lasting database unreadable.
    throw new Error(
      'invalid console configuration:\n  CONSOLE_SECRET_KEY: required with BFF_DATABASE_URL when BFF_DATA_DIR is memory',
    );
  }
  return {
    port: e.CONSOLE_PORT,
    host: e.CONSOLE_HOST,
    database: {
      url: e.BFF_DATABASE_URL,
      schema: e.BFF_DATABASE_SCHEMA,
      dataDir: e.BFF_DATA_DIR === 'memory' ? undefined : e.BFF_DATA_DIR,
    },
    initialAdmin:
      e.CONSOLE_ADMIN_EMAIL && e.CONSOLE_ADMIN_PASSWORD
        ? { email: e.CONSOLE_ADMIN_EMAIL, password: e.CONSOLE_ADMIN_PASSWORD }
        : undefined,
    secretKey: e.CONSOLE_SECRET_KEY ? parseSecretKey(e.CONSOLE_SECRET_KEY) : undefined,
    apps: e.CONSOLE_APPS_FILE ? loadAppsFile(e.CONSOLE_APPS_FILE, env) : [singleApp(e)],
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    webDist: e.WEB_DIST ?? resolve(here, '../../web/dist'),
    session: { idleMs: e.SESSION_IDLE_MINUTES * 60_000, absoluteMs: e.SESSION_ABSOLUTE_HOURS * 3_600_000 },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    allowedHosts: e.CONSOLE_ALLOWED_HOSTS,
    allowPrivateSources: e.CONSOLE_ALLOW_PRIVATE_SOURCES,
  };
}
