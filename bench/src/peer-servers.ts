/**
 * The two servers of the peer benchmark, each started as a child process on its own fresh
 * Postgres schema of the same database, one at a time: Switchboard (server/src/main.ts) and
 * Parse Server (the npm package, bench/src/parse-main.ts). Each one's database connections carry
 * an application_name of their own, so the database CPU they cause can be told apart.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openSql } from '@switchboard/shared/sql';
import { CLASS } from './data';
import { ApiClient } from './http-client';
import type { AppKeys } from './http-client';
import { createIndexes } from './load';
import { freePort, startChild, startServer } from './server-process';
import type { ChildHandle } from './server-process';

export type PeerKind = 'switchboard' | 'parse';

export interface PeerServer {
  kind: PeerKind;
  label: string;
  handle: ChildHandle;
  /** application_name of its database connections. */
  applicationName: string;
  client(connections: number): ApiClient;
  /** Path of the class's objects (GET one by appending /<id>, query with ?where=...). */
  classPath: string;
  batchPath: string;
  /** Path of the class inside a batch request. */
  batchClassPath: string;
  /** A btree index on `group`, the way each server's own tools make one; then ANALYZE. */
  indexGroup(): Promise<void>;
  /** Bytes of the class's table with its indexes and TOAST. */
  classBytes(): Promise<number>;
  stop(): Promise<void>;
}

const hex = () => randomBytes(5).toString('hex');

function withApplicationName(url: string, name: string): string {
  const u = new URL(url);
  u.searchParams.set('application_name', name);
  return u.toString();
}

async function withSql<T>(
  url: string,
  fn: (sql: Awaited<ReturnType<typeof openSql>>) => Promise<T>,
): Promise<T> {
  const sql = await openSql({ url });
  try {
    return await fn(sql);
  } finally {
    await sql.close();
  }
}

const tableBytes = (url: string, schema: string, table: string) =>
  withSql(url, async (sql) => {
    const rows = await sql.query<{ bytes: string }>(
      `SELECT pg_total_relation_size(format('%I.%I', $1::text, $2::text)::regclass)::text AS bytes`,
      [schema, table],
    );
    return Number(rows[0]?.bytes ?? NaN);
  });

const dropSchema = (url: string, schema: string) =>
  withSql(url, (sql) => sql.exec(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));

export async function startSwitchboard(postgresUrl: string): Promise<PeerServer> {
  const schema = `peer_sb_${hex()}`;
  const applicationName = `peer_sb_${hex()}`;
  let handle: ChildHandle | undefined;
  try {
    const server = await startServer({
      DATABASE_URL: withApplicationName(postgresUrl, applicationName),
      DATABASE_SCHEMA: schema,
    });
    handle = server;
    const client = (n: number) => new ApiClient(server.baseUrl, server.keys, n);
    return {
      kind: 'switchboard',
      label: 'Switchboard',
      handle: server,
      applicationName,
      client,
      classPath: `/1.1/classes/${CLASS}`,
      batchPath: '/1.1/batch',
      batchClassPath: `/1.1/classes/${CLASS}`,
      indexGroup: async () => {
        const c = client(1);
        try {
          // The index API analyzes the class once the index is built.
          await createIndexes(c, [{ group: 1 }]);
        } finally {
          c.close();
        }
      },
      classBytes: () => tableBytes(postgresUrl, schema, `o_${CLASS}`),
      stop: async () => {
        await server.stop();
        await dropSchema(postgresUrl, schema);
      },
    };
  } catch (e) {
    await handle?.stop();
    await dropSchema(postgresUrl, schema);
    throw e;
  }
}

const parseHeaders = (keys: AppKeys, master: boolean): Record<string, string> => ({
  'X-Parse-Application-Id': keys.appId,
  ...(master ? { 'X-Parse-Master-Key': keys.masterKey } : {}),
});

export async function startParse(postgresUrl: string): Promise<PeerServer> {
  const schema = `peer_parse_${hex()}`;
  const applicationName = `peer_parse_${hex()}`;
  const keys: AppKeys = { appId: `bench${hex()}`, appKey: '', masterKey: randomBytes(12).toString('hex') };
  await withSql(postgresUrl, (sql) => sql.exec(`CREATE SCHEMA "${schema}"`));
  try {
    const port = await freePort();
    const handle = await startChild({
      name: 'Parse Server',
      entry: 'bench/src/parse-main.ts',
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // Read when the package loads, before its options: else it makes ./logs in the working directory.
        PARSE_SERVER_LOGS_FOLDER: mkdtempSync(join(tmpdir(), 'parse-server-logs-')),
        PARSE_PORT: String(port),
        PARSE_SCHEMA: schema,
        PARSE_APP_ID: keys.appId,
        PARSE_MASTER_KEY: keys.masterKey,
        PARSE_DATABASE_URI: withApplicationName(postgresUrl, applicationName),
      },
      port,
      readyPath: '/parse/health',
    });
    return {
      kind: 'parse',
      label: 'Parse Server',
      handle,
      applicationName,
      client: (n) => new ApiClient(handle.baseUrl, keys, n, parseHeaders),
      classPath: `/parse/classes/${CLASS}`,
      batchPath: '/parse/batch',
      batchClassPath: `/parse/classes/${CLASS}`,
      // Parse Server has no index API; its documentation has indexes made in the database.
      indexGroup: () =>
        withSql(postgresUrl, async (sql) => {
          await sql.exec(`CREATE INDEX "${CLASS}_group" ON "${schema}"."${CLASS}" ("group")`);
          await sql.exec(`ANALYZE "${schema}"."${CLASS}"`);
        }),
      classBytes: () => tableBytes(postgresUrl, schema, CLASS),
      stop: async () => {
        await handle.stop();
        await dropSchema(postgresUrl, schema);
      },
    };
  } catch (e) {
    await dropSchema(postgresUrl, schema);
    throw e;
  }
}
