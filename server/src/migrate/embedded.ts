import { join } from 'node:path';
import { localData } from '../data-keys';
import { fileURLToPath } from 'node:url';
import { openSql } from '@switchboard/shared/sql';
import { createServer } from '../app';
import type { TargetConfig } from '@switchboard/migrate';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Opens the embedded server on the data folder `pnpm start` uses (./data or SWITCHBOARD_DATA;
 * Postgres when DATABASE_URL is set) in this process, on a free local port. Stop `pnpm start`
 * first: one embedded database is opened by one process at a time.
 */
export async function startEmbedded(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ target: TargetConfig; where: string; close(): Promise<void> }> {
  const { dataDir, keys } = localData(repoRoot, env);
  const dbDir = join(dataDir, 'server');
  const sql = await openSql({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : dbDir,
    schema: env.DATABASE_SCHEMA,
  });
  const server = await createServer({ sql, keys, logLevel: 'warn', filesDir: join(dbDir, 'files') });
  const url = await server.http.listen({ port: 0, host: '127.0.0.1' });
  return {
    target: { baseUrl: url, appId: keys.appId, masterKey: keys.masterKey },
    where: env.DATABASE_URL ? 'the embedded server on DATABASE_URL' : `the embedded server in ${dbDir}`,
    async close() {
      await server.close();
      await sql.close();
    },
  };
}
