import { createServer } from 'node:http';
import { openSql } from '@switchboard/shared/sql';
import { createBff } from './app';
import { loadConfig } from './config';

async function main(): Promise<void> {
  const config = loadConfig();
  const sql = await openSql(config.database);
  const bff = await createBff(config, sql);
  const server = createServer(bff.handler).listen(config.port, config.host, () => {
    const host = config.host === '0.0.0.0' ? 'localhost' : config.host;
    const url = `http://${host}:${config.port}`;
    bff.log.info(
      `console on ${url} (apps: ${config.apps.map((a) => `${a.name} -> ${a.baseUrl}`).join(', ')})`,
    );
    if (bff.setupToken) {
      // Printed, not logged as data: this is how the first admin proves they run this server.
      console.log(`\nNo console admin exists yet. Create one at:\n  ${url}/setup?token=${bff.setupToken}\n`);
    }
  });
  const stop = () => {
    server.close(() => void sql.close().finally(() => process.exit(0)));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
