import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

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

/**
 * The local data folder (`root`/data, or SWITCHBOARD_DATA) made if missing, with the app keys
 * to use: LC_APP_ID, LC_APP_KEY and LC_MASTER_KEY when set, else the folder's own.
 */
export function localData(root: string, env: NodeJS.ProcessEnv): { dataDir: string; keys: AppKeys } {
  const dataDir = resolve(root, env.SWITCHBOARD_DATA ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const stored = loadOrCreateKeys(dataDir);
  return {
    dataDir,
    keys: {
      appId: env.LC_APP_ID ?? stored.appId,
      appKey: env.LC_APP_KEY ?? stored.appKey,
      masterKey: env.LC_MASTER_KEY ?? stored.masterKey,
    },
  };
}
