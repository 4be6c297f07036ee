import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DEVICE_PROFILE_RE, SUCCESS_CHANNELS } from '@switchboard/shared';

/**
 * The push configuration of the app: per channel (ios, fcm, hms, mi, ...), the profiles
 * (certificates, vendor configurations) by name, each naming its adapter. A JSON file given by
 * PUSH_CONFIG_FILE; no file means every delivery goes to the recorder.
 *
 * Secrets never live in the file: a profile names the environment variables that hold them
 * (`secretEnv: {"key": "APNS_KEY_P8"}`), and options that look like secrets are refused.
 *
 *   {"ios": {"_default": {"gateway": "apns", "options": {"teamId": "T", "keyId": "K", "topic": "com.example"},
 *                         "secretEnv": {"key": "APNS_KEY_P8"}}},
 *    "mi":  {"_default": {"gateway": "xiaomi", "options": {"appId": "1"}, "secretEnv": {"appSecret": "MI_SECRET"}}}}
 */

const PROFILE_NAME_RE = /^(?:_default|[A-Za-z][A-Za-z0-9_]*)$/;
const SECRET_LIKE_RE = /secret|password|passphrase|private|token|credential|^key$|^cert$/i;

const profileSchema = z.strictObject({
  gateway: z
    .string()
    .regex(/^[a-z][a-z0-9-]*$/, 'gateway names an adapter, such as "recorder"')
    .default('recorder'),
  options: z
    .record(z.string(), z.union([z.string().max(4096), z.number(), z.boolean()]))
    .default({})
    .superRefine((opts, ctx) => {
      for (const [k, v] of Object.entries(opts)) {
        if (SECRET_LIKE_RE.test(k) || (typeof v === 'string' && v.includes('-----BEGIN')))
          ctx.addIssue({
            code: 'custom',
            path: [k],
            message: 'secrets come from environment variables: name the variable in secretEnv instead',
          });
      }
    }),
  secretEnv: z
    .record(z.string(), z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name'))
    .default({}),
});

const channelSchema = z.record(z.string(), profileSchema).superRefine((profiles, ctx) => {
  for (const name of Object.keys(profiles))
    if (!PROFILE_NAME_RE.test(name) || (name !== '_default' && !DEVICE_PROFILE_RE.test(name)))
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'a profile name is _default or starts with a letter',
      });
});

export const pushConfigSchema = z.strictObject(
  Object.fromEntries(SUCCESS_CHANNELS.map((c) => [c, channelSchema.optional()])) as Record<
    (typeof SUCCESS_CHANNELS)[number],
    z.ZodOptional<typeof channelSchema>
  >,
);
export type PushConfigFile = z.infer<typeof pushConfigSchema>;

export interface ResolvedProfile {
  gateway: string;
  options: Record<string, string | number | boolean>;
  secrets: Map<string, string>;
}

/** undefined: nothing configured (everything goes to the recorder). */
export type PushConfig =
  Partial<Record<(typeof SUCCESS_CHANNELS)[number], Record<string, ResolvedProfile>>> | undefined;

/** Checks the configuration and reads its secrets from `env`; throws one message naming every problem. */
export function resolvePushConfig(raw: unknown, env: NodeJS.ProcessEnv): PushConfig {
  const r = pushConfigSchema.safeParse(raw);
  if (!r.success) {
    const lines = r.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`invalid push configuration:\n${lines.join('\n')}`);
  }
  const missing: string[] = [];
  const out: NonNullable<PushConfig> = {};
  for (const [channel, profiles] of Object.entries(r.data)) {
    if (!profiles) continue;
    const resolved: Record<string, ResolvedProfile> = {};
    for (const [name, p] of Object.entries(profiles)) {
      const secrets = new Map<string, string>();
      for (const [option, variable] of Object.entries(p.secretEnv)) {
        const value = env[variable];
        if (value === undefined || value === '')
          missing.push(`${channel}.${name}: ${variable} (for ${option})`);
        else secrets.set(option, value);
      }
      resolved[name] = { gateway: p.gateway, options: p.options, secrets };
    }
    out[channel as keyof typeof out] = resolved;
  }
  if (missing.length)
    throw new Error(`push configuration: environment variables not set:\n  ${missing.join('\n  ')}`);
  return out;
}

export function loadPushConfig(file: string | undefined, env: NodeJS.ProcessEnv = process.env): PushConfig {
  if (!file) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`push configuration ${file}: ${e instanceof Error ? e.message : String(e)}`);
  }
  return resolvePushConfig(raw, env);
}
