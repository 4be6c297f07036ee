import { z } from 'zod';
import { publicUrlSetting } from './http/public-url';
import { trustProxySetting } from './http/trust-proxy';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

const required = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} must not be empty`);

/** Time limit of one database statement unless STATEMENT_TIMEOUT_MS says otherwise: LeanCloud's own (its error 124). */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;

const envSchema = z
  .object({
    SERVER_PORT: z.coerce.number().int().min(0).max(65535).default(3100),
    SERVER_HOST: z.string().default('0.0.0.0'),
    LC_APP_ID: required('LC_APP_ID'),
    LC_APP_KEY: required('LC_APP_KEY'),
    LC_MASTER_KEY: required('LC_MASTER_KEY'),
    DATABASE_URL: z.string().trim().optional(),
    DATABASE_SCHEMA: z.string().trim().optional(),
    DATA_DIR: z.string().trim().default('./data'),
    STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(DEFAULT_STATEMENT_TIMEOUT_MS),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: trustProxySetting,
    PUBLIC_URL: publicUrlSetting,
    LC_RETURN_ACL: flag,
    SEED_DEMO_DATA: flag,
    ENABLE_TEST_CONTROL: flag,
    // Doc 1 Authentication rule 6 and the _User query permission, until changed through the API.
    LC_EMAIL_VERIFY: flag,
    LC_FORBID_UNVERIFIED_EMAIL_LOGIN: flag,
    LC_FORCE_RELOGIN: flag,
    LC_USER_QUERY_OPEN: flag,
    FILES_DIR: z.string().trim().optional(),
    // Doc 2 Limits and the client-push setting, until changed through the API (the conformance kit's names).
    LC_PUSH_QUOTA: z.coerce.number().int().min(1).max(9600).optional(),
    /** Doc 3 Limits: normal messages a minute (the console's editable ceiling, up to 9000). */
    LC_MESSAGE_QUOTA: z.coerce.number().int().min(1).max(9000).optional(),
    LC_CLIENT_PUSH_ALLOWED: flag,
    /** The push configuration file (APNs and vendor profiles); secrets come from the variables it names. */
    PUSH_CONFIG_FILE: z.string().trim().optional(),
    /** Days an ended push's record (and its per-device delivery rows) is kept before housekeeping purges it. */
    PUSH_RECORD_RETENTION_DAYS: z.coerce
      .number({ error: 'PUSH_RECORD_RETENTION_DAYS must be a whole number of days' })
      .int('PUSH_RECORD_RETENTION_DAYS must be a whole number of days')
      .min(1, 'PUSH_RECORD_RETENTION_DAYS must be at least 1 day')
      .max(3650, 'PUSH_RECORD_RETENTION_DAYS must be at most 3650 days (ten years)')
      .optional(),
    /** Doc 3 `_rtmClientSign`: the address the login-signature hook is POSTed to; none: every signature is allowed. */
    LC_RTM_SIGN_HOOK_URL: z.string().trim().url('LC_RTM_SIGN_HOOK_URL must be an http(s) address').optional(),
    /** Sent to hooks as X-LC-Hook-Key (LeanEngine's LEANCLOUD_APP_HOOK_KEY). */
    LC_HOOK_KEY: z.string().optional(),
    /** Hooks may be on loopback or private addresses (the same machine or network). */
    LC_HOOKS_ALLOW_PRIVATE: flag,
    /** Serve HTTPS and wss with this certificate and key (PEM files); both or neither. */
    TLS_CERT_FILE: z.string().trim().optional(),
    TLS_KEY_FILE: z.string().trim().optional(),
    /** The realtime gateway refuses a session open without a valid login signature. */
    LC_RTM_SIGNATURE: flag,
    /** The realtime gateway refuses conversation creation, member changes and blacklist changes without a valid signature. */
    LC_RTM_CONV_SIGNATURE: flag,
    /** A realtime process silent this long is taken as gone: its clients offline, its will messages sent by another. */
    RTM_NODE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).optional(),
    /** How long a dead process's background jobs wait before another process takes them over. */
    JOBS_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).optional(),
    /** Background jobs (push chunks, sweeps) one process runs at once, on Postgres. */
    JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  })
  .refine((c) => c.LC_APP_KEY !== c.LC_MASTER_KEY, {
    message: 'LC_MASTER_KEY must differ from LC_APP_KEY',
    path: ['LC_MASTER_KEY'],
  })
  .refine((c) => !c.TLS_CERT_FILE === !c.TLS_KEY_FILE, {
    message: 'TLS_CERT_FILE and TLS_KEY_FILE go together: set both, or neither',
    path: ['TLS_KEY_FILE'],
  });

export type ServerConfig = z.infer<typeof envSchema>;

/** Reads the server's configuration from the environment; throws one message naming every problem. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const r = envSchema.safeParse(env);
  if (r.success) return r.data;
  const lines = r.error.issues.map((i) => `  ${i.path.join('.') || 'environment'}: ${i.message}`);
  throw new Error(`invalid server configuration:\n${lines.join('\n')}`);
}

/** DATA_DIR=memory keeps the embedded database in memory. */
export function dataDirOf(config: ServerConfig): string | undefined {
  return config.DATA_DIR === 'memory' ? undefined : config.DATA_DIR;
}

/** Where uploaded file content is kept: FILES_DIR, else "files" inside DATA_DIR (a temporary folder in memory mode). */
export function filesDirOf(config: ServerConfig): string | undefined {
  if (config.FILES_DIR) return config.FILES_DIR;
  const data = dataDirOf(config);
  return data ? `${data}/files` : undefined;
}
