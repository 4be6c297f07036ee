import pg from 'pg';
import type { QueryOptions, Sql } from './index';
import { PreparedNames } from './prepared';

const SCHEMA_RE = /^[a-z_][a-z0-9_]{0,62}$/;

/** Runs one statement on the pool or a client, named when it is a hot read (prepared.ts). */
async function run<R>(
  on: pg.Pool | pg.PoolClient,
  names: PreparedNames,
  text: string,
  params: readonly unknown[] | undefined,
  opts: QueryOptions | undefined,
): Promise<R[]> {
  const name = opts?.prepare ? names.nameFor(text) : undefined;
  const values = params ? [...params] : undefined;
  const result = name ? await on.query({ name, text, values: values ?? [] }) : await on.query(text, values);
  return result.rows as R[];
}

function clientSql(client: pg.PoolClient, names: PreparedNames, statementTimeoutMs: number | undefined): Sql {
  const self: Sql = {
    kind: 'postgres',
    statementTimeoutMs,
    query: <R>(text: string, params?: readonly unknown[], opts?: QueryOptions) =>
      run<R>(client, names, text, params, opts),
    exec: async (text) => {
      await client.query(text);
    },
    transaction: (fn) => fn(self),
    close: () => Promise.reject(new Error('cannot close inside a transaction')),
  };
  return self;
}

export async function openPostgres(
  url: string,
  schema: string | undefined,
  statementTimeoutMs?: number,
): Promise<Sql> {
  if (schema !== undefined && !SCHEMA_RE.test(schema)) {
    throw new Error(
      `invalid database schema name "${schema}": use lower-case letters, digits and underscore`,
    );
  }
  if (schema) {
    const boot = new pg.Client({ connectionString: url });
    await boot.connect();
    try {
      await boot.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    } finally {
      await boot.end();
    }
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    ...(schema ? { options: `-c search_path="${schema}"` } : {}),
    // Sent with each connection's startup: every statement of the pool is limited.
    ...(statementTimeoutMs ? { statement_timeout: statementTimeoutMs } : {}),
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Channels are per schema, so apps (and test files) sharing a database never hear each other.
  const scoped = (channel: string) => `${channel}__${schema ?? 'public'}`;
  const listener = new Listener(url);
  const names = new PreparedNames();
  return {
    kind: 'postgres',
    statementTimeoutMs,
    query: <R>(text: string, params?: readonly unknown[], opts?: QueryOptions) =>
      run<R>(pool, names, text, params, opts),
    exec: async (text) => {
      await pool.query(text);
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(clientSql(client, names, statementTimeoutMs));
        await client.query('COMMIT');
        return result;
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        client.release();
      }
    },
    close: async () => {
      await listener.stop();
      await pool.end();
    },
    listen: (channel, onPayload) => listener.listen(scoped(channel), onPayload),
    notify: async (channel, payload) => {
      await pool.query('SELECT pg_notify($1, $2)', [scoped(channel), payload]);
    },
  };
}

/**
 * One connection that LISTENs for the whole pool (a pooled connection would drop its LISTENs when
 * returned). It reconnects after an error and listens again; notifications sent in between are lost.
 */
class Listener {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly handlers = new Map<string, Set<(payload: string) => void>>();
  private stopped = false;

  constructor(private readonly url: string) {}

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client({ connectionString: this.url });
      client.on('notification', (n) => {
        for (const h of this.handlers.get(n.channel) ?? []) h(n.payload ?? '');
      });
      client.on('error', () => {
        this.client = undefined;
        client.end().catch(() => undefined);
        if (!this.stopped) setTimeout(() => void this.reconnect(), 1000).unref();
      });
      await client.connect();
      for (const channel of this.handlers.keys()) await client.query(`LISTEN "${channel}"`);
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async reconnect(): Promise<void> {
    await this.connect().catch(() => {
      if (!this.stopped) setTimeout(() => void this.reconnect(), 1000).unref();
    });
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) this.handlers.set(channel, (set = new Set()));
    set.add(onPayload);
    const client = await this.connect();
    if (first) await client.query(`LISTEN "${channel}"`);
    return async () => {
      set.delete(onPayload);
      if (set.size) return;
      this.handlers.delete(channel);
      await this.client?.query(`UNLISTEN "${channel}"`).catch(() => undefined);
    };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
