import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AppKeys {
  appId: string;
  appKey: string;
  masterKey: string;
}

/**
 * The app keys kept in a data folder (keys.json), made on first use: `pnpm start` and
 * `pnpm migrate` into the embedded server read the same ones.
 */
export function loadOrCreateKeys(dir: string): AppKeys {
  const file = join(dir, 'keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as AppKeys;
  const keys = {
    appId: `sb${randomBytes(9).toString('hex')}`,
    appKey: randomBytes(18).toString('base64url'),
    masterKey: randomBytes(24).toString('base64url'),
  };
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
