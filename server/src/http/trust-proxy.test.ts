import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import type { Server } from '../app';
import { loadConfig } from '../config';
import { TEST_KEYS } from '../test/harness';

/*
 * Which client address the server sees behind proxies. "Trust every proxy" would take the
 * leftmost X-Forwarded-For entry, which the client writes itself; the setting names hops or the
 * proxies' addresses, and the address is the last one those proxies did not vouch for.
 */

let db: TestDatabase;
const servers: Server[] = [];
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  for (const s of servers) await s.close();
  await db.drop();
});

async function start(value: string): Promise<Server> {
  const env = { LC_APP_ID: 'id', LC_APP_KEY: 'a', LC_MASTER_KEY: 'm', TRUST_PROXY: value };
  const server = await createServer({
    sql: db.sql,
    keys: TEST_KEYS,
    logLevel: 'silent',
    trustProxy: loadConfig(env).TRUST_PROXY,
  });
  server.http.get('/__ip', (req) => Promise.resolve({ ip: req.ip }));
  servers.push(server);
  return server;
}

const SPOOFED = '203.0.113.66';
const CLIENT = '198.51.100.7';

async function ipSeen(server: Server, from: string, forwardedFor: string): Promise<string> {
  const res = await server.http.inject({
    method: 'GET',
    url: '/__ip',
    remoteAddress: from,
    headers: { 'X-Forwarded-For': forwardedFor },
  });
  return res.json<{ ip: string }>().ip;
}

describe('TRUST_PROXY', () => {
  it('1 (and true) trusts the one proxy in front: the client is the entry it added', async () => {
    for (const value of ['1', 'true']) {
      const s = await start(value);
      expect(await ipSeen(s, '127.0.0.1', `${SPOOFED}, ${CLIENT}`)).toBe(CLIENT);
      expect(await ipSeen(s, '127.0.0.1', CLIENT)).toBe(CLIENT);
    }
  });

  it('a number of hops trusts that many proxies from the right', async () => {
    const s = await start('2');
    expect(await ipSeen(s, '127.0.0.1', `${SPOOFED}, ${CLIENT}, 10.0.0.2`)).toBe(CLIENT);
  });

  it('a list trusts only those addresses and ranges', async () => {
    const s = await start('127.0.0.1, 10.0.0.0/8');
    expect(await ipSeen(s, '127.0.0.1', `${SPOOFED}, ${CLIENT}, 10.1.2.3`)).toBe(CLIENT);
    // A client that is not a listed proxy names nobody.
    expect(await ipSeen(s, '192.0.2.1', `${SPOOFED}, ${CLIENT}`)).toBe('192.0.2.1');
  });

  it('off: the socket peer, whatever X-Forwarded-For says', async () => {
    const s = await start('0');
    expect(await ipSeen(s, '127.0.0.1', `${SPOOFED}, ${CLIENT}`)).toBe('127.0.0.1');
  });
});
