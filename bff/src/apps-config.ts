import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { CAPABILITIES } from '@switchboard/shared';

/**
 * The apps file (CONSOLE_APPS_FILE) lists the upstream apps one console manages. It names the
 * environment variables that hold each app's keys instead of holding them, so the file can be
 * committed or mounted without secrets.
 */
const envName = z
  .string()
  .regex(/^[A-Z_][A-Z0-9_]*$/, 'name an environment variable (letters, digits and _ in capitals)');

const appEntrySchema = z
  .object({
    id: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'use 1-40 lower-case letters, digits or dashes, e.g. "shop"'),
    name: z.string().trim().min(1).max(100),
    baseUrl: z.url('baseUrl must be a URL such as https://api.example.com'),
    appId: z.string().trim().min(1),
    appKeyEnv: envName,
    masterKeyEnv: envName,
    /** Areas the app offers; without it the console asks the app (see domain/capabilities). */
    capabilities: z.array(z.enum(CAPABILITIES)).optional(),
  })
  .strict();

const appsFileSchema = z.object({ apps: z.array(appEntrySchema).min(1, 'list at least one app') }).strict();

/** One upstream app. Its keys never leave the bff. */
export interface UpstreamApp {
  id: string;
  name: string;
  baseUrl: string;
  appId: string;
  appKey: string;
  masterKey: string;
  capabilities?: (typeof CAPABILITIES)[number][] | undefined;
}

function fail(file: string, lines: string[]): never {
  throw new Error(`invalid apps file ${file}:\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

/** Reads and checks the apps file; every problem is reported with where it is. */
export function loadAppsFile(file: string, env: NodeJS.ProcessEnv): UpstreamApp[] {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (e) {
    fail(file, [e instanceof Error ? e.message : String(e)]);
  }
  const r = appsFileSchema.safeParse(raw);
  if (!r.success) {
    const keysInFile = r.error.issues.some((i) => i.code === 'unrecognized_keys' && /key/i.test(i.message));
    const lines = r.error.issues.map((i) => `${i.path.join('.') || 'file'}: ${i.message}`);
    if (keysInFile) lines.push('keys go in environment variables named by appKeyEnv and masterKeyEnv');
    fail(file, lines);
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const apps = r.data.apps.map((a, i) => {
    if (seen.has(a.id)) problems.push(`apps.${i}.id: "${a.id}" is used twice`);
    seen.add(a.id);
    const secret = (name: string) => {
      const v = env[name]?.trim();
      if (!v) problems.push(`apps.${i}: the environment variable ${name} is not set`);
      return v ?? '';
    };
    return {
      id: a.id,
      name: a.name,
      baseUrl: a.baseUrl.replace(/\/+$/, ''),
      appId: a.appId,
      appKey: secret(a.appKeyEnv),
      masterKey: secret(a.masterKeyEnv),
      capabilities: a.capabilities,
    };
  });
  if (problems.length > 0) fail(file, problems);
  return apps;
}
