import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The console secret key (AES-256-GCM, domain/secret-box.ts): CONSOLE_SECRET_KEY when set, else a
 * key generated on first start and kept in the bff data folder, as `pnpm start` keeps the app keys
 * it generates. Several bff processes on one Postgres must all be given the same CONSOLE_SECRET_KEY.
 */
export const SECRET_KEY_FILE = 'console-secret.key';

const HEX = /^[0-9a-fA-F]{64}$/;
const BASE64 = /^[A-Za-z0-9+/_-]{43}=?$/;

/** 32 bytes written as 64 hex digits or as base64 (standard or URL-safe); undefined otherwise. */
export function parseSecretKey(text: string): Buffer | undefined {
  const t = text.trim();
  if (HEX.test(t)) return Buffer.from(t, 'hex');
  if (BASE64.test(t)) {
    const key = Buffer.from(t.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    return key.length === 32 ? key : undefined;
  }
  return undefined;
}

export const SECRET_KEY_FORMAT =
  'must be 32 random bytes written as 64 hex digits or in base64 (e.g. `openssl rand -hex 32`)';

export interface ResolvedKey {
  key: Buffer;
  /** Where the key came from, for error messages (never the key itself). */
  source: string;
}

/**
 * The configured key, else the data folder's key file (created on first use), else, for a
 * database kept in memory, a key that lives as long as the process.
 */
export function resolveSecretKey(configured: Buffer | undefined, dataDir: string | undefined): ResolvedKey {
  if (configured) return { key: configured, source: 'CONSOLE_SECRET_KEY' };
  if (dataDir === undefined) return { key: randomBytes(32), source: 'a key generated for this process' };
  const file = join(dataDir, SECRET_KEY_FILE);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // 'wx': two processes starting at once must not both write a key.
    try {
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
  }
  const key = parseSecretKey(readFileSync(file, 'utf8'));
  if (!key)
    throw new Error(`invalid console configuration:\n  ${file}: the console secret key ${SECRET_KEY_FORMAT}`);
  return { key, source: file };
}
