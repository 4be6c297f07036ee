/**
 * Parse Server as the peer benchmark starts it: the npm package on the given Postgres database
 * and schema (search_path), listening on PARSE_PORT under /parse. Configured as a production
 * deployment would be: no dashboard, no live query, errors only in the log.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ParseServer } from 'parse-server';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is required`);
  return v;
};

const port = Number(env('PARSE_PORT'));
const schema = env('PARSE_SCHEMA');
if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
// Every connection of its pool works in the benchmark's own schema: Parse Server takes no search
// path in its options, node-postgres takes one from PGOPTIONS.
process.env.PGOPTIONS = `-c search_path=${schema}`;

await ParseServer.startApp({
  appId: env('PARSE_APP_ID'),
  masterKey: env('PARSE_MASTER_KEY'),
  maintenanceKey: env('PARSE_MASTER_KEY') + '-maintenance',
  databaseURI: env('PARSE_DATABASE_URI'),
  port,
  host: '127.0.0.1',
  mountPath: '/parse',
  serverURL: `http://127.0.0.1:${port}/parse`,
  allowClientClassCreation: true,
  logLevel: 'error',
  // Its log files go to a temporary folder, not the working directory (an empty name means the latter).
  logsFolder: mkdtempSync(join(tmpdir(), 'parse-server-logs-')),
  verbose: false,
  silent: process.env.PARSE_VERBOSE !== '1',
});
