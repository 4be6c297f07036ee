import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '@switchboard/shared/sql';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { openConsoleDatabase } from '../test/database';
import { capSize, query, record, REDACTED, redactSecrets, SUMMARY_MAX_BYTES } from './audit';
import { exportAudit } from './audit-export';
import { FieldDefinitions } from './audit-redact';

let db: TestDatabase;
let sql: Sql;
beforeAll(async () => {
  db = await openConsoleDatabase();
  sql = db.sql;
});
afterAll(() => db.drop());

const base = { result: 'ok', status: 200 } as const;

describe('secret removal', () => {
  it('replaces secret-looking keys at any depth, in arrays too', () => {
    expect(
      redactSecrets({
        email: 'a@example.com',
        password: 'hunter2',
        nested: { sessionToken: 'x', list: [{ masterKey: 'm', ok: 1 }], Authorization: 'Bearer y' },
        headers: { cookie: 'c', clientSecret: 's' },
      }),
    ).toEqual({
      email: 'a@example.com',
      password: REDACTED,
      nested: { sessionToken: REDACTED, list: [{ masterKey: REDACTED, ok: 1 }], Authorization: REDACTED },
      headers: { cookie: REDACTED, clientSecret: REDACTED },
    });
  });

  it('redacts by exact names and secret shapes, not substrings: ordinary fields stay readable', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl';
    expect(
      redactSecrets({
        key: 'k1',
        monkey: 'banana',
        pricingToken: 'tier-2',
        tokenCount: 3,
        keyboard: 'qwerty',
        secretary: 'Ann',
        'authData.weixin.access_token': 'wx',
        authData: { weixin: { access_token: 'wx2', openid: 'o1' } },
        refresh_token: 'r',
        'X-LC-Key': 'abc,master',
        note: jwt,
        header: 'Bearer abcdefghijkl',
        pem: '-----BEGIN RSA PRIVATE KEY-----\nMIIB...',
      }),
    ).toEqual({
      key: 'k1',
      monkey: 'banana',
      pricingToken: 'tier-2',
      tokenCount: 3,
      keyboard: 'qwerty',
      secretary: 'Ann',
      'authData.weixin.access_token': REDACTED,
      authData: { weixin: { access_token: REDACTED, openid: 'o1' } },
      refresh_token: REDACTED,
      'X-LC-Key': REDACTED,
      note: REDACTED,
      header: REDACTED,
      pem: REDACTED,
    });
  });

  it('caps a large summary with a truncation marker', () => {
    const big = { text: 'x'.repeat(SUMMARY_MAX_BYTES * 2) };
    const capped = capSize(big, SUMMARY_MAX_BYTES) as { truncated: boolean; bytes: number; preview: string };
    expect(capped.truncated).toBe(true);
    expect(capped.bytes).toBeGreaterThan(SUMMARY_MAX_BYTES);
    expect(Buffer.byteLength(JSON.stringify(capped))).toBeLessThanOrEqual(SUMMARY_MAX_BYTES);
    expect(capSize({ a: 1 }, SUMMARY_MAX_BYTES)).toEqual({ a: 1 });
  });

  it('shows the definitions of fields named like secrets, and hides only their defaults', () => {
    const defs = new FieldDefinitions({
      password: { type: 'String', required: true },
      apiToken: { type: 'String', default: 'tok-123' },
      'Memo.sessionToken': { type: 'String', hidden: true },
      title: { type: 'String', default: 'Untitled' },
      jwtHolder: { type: 'String', default: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl' },
    });
    expect(redactSecrets({ body: { fields: defs, password: 'p1' } })).toEqual({
      body: {
        fields: {
          password: { type: 'String', required: true },
          apiToken: { type: 'String', default: REDACTED },
          'Memo.sessionToken': { type: 'String', hidden: true },
          title: { type: 'String', default: 'Untitled' },
          jwtHolder: { type: 'String', default: REDACTED },
        },
        // Outside the definitions, the name still hides the value.
        password: REDACTED,
      },
    });
  });

  it('stores summary, before and after without secrets', async () => {
    await record(sql, {
      ...base,
      action: 'test.secrets',
      summary: { body: { password: 'p1', name: 'n' } },
      before: { authData: { token: 't' } },
      after: { apiKey: 'k', title: 'kept' },
    });
    const [e] = (await query(sql, { action: 'test.secrets', limit: 10 })).results;
    expect(e).toMatchObject({
      summary: { body: { password: REDACTED, name: 'n' } },
      before: { authData: { token: REDACTED } },
      after: { apiKey: REDACTED, title: 'kept' },
    });
    expect(JSON.stringify(e)).not.toMatch(/p1|"t"|"k"/);
  });

  it('records requests carrying text jsonb cannot hold (NUL, unpaired surrogates)', async () => {
    await record(sql, {
      ...base,
      action: 'test.nul',
      summary: { body: { 'a\u0000b': 'x\u0000y', lone: 'z\ud800' } },
    });
    const [e] = (await query(sql, { action: 'test.nul', limit: 10 })).results;
    expect(e?.summary).toEqual({ body: { 'a\uFFFDb': 'x\uFFFDy', lone: 'z\uFFFD' } });
  });
});

describe('query', () => {
  beforeAll(async () => {
    const actors = ['ann@example.com', 'bob@example.com'];
    for (let i = 0; i < 25; i++) {
      await record(sql, {
        ...base,
        actor: { id: `u${i % 2}`, email: actors[i % 2], role: 'developer' },
        app: i < 20 ? 'alpha' : 'beta',
        action: i % 5 === 0 ? 'q.delete' : 'q.update',
        target: { class: i % 3 === 0 ? 'Product' : 'Store', objectId: `obj${i}` },
        requestId: `req-${i}`,
        ip: '10.0.0.1',
      });
    }
  });

  it('filters by actor, action, app, class and objectId', async () => {
    const q = async (f: Record<string, string>) =>
      (await query(sql, { ...f, limit: 1000 })).results.filter((e) => e.action.startsWith('q.'));
    expect((await q({ actor: 'ann@example.com' })).length).toBe(13);
    expect((await q({ actor: 'u1' })).every((e) => e.actorEmail === 'bob@example.com')).toBe(true);
    expect((await q({ action: 'q.delete' })).map((e) => e.target?.objectId)).toEqual([
      'obj20',
      'obj15',
      'obj10',
      'obj5',
      'obj0',
    ]);
    expect((await q({ app: 'beta' })).length).toBe(5);
    expect((await q({ class: 'Product', app: 'beta' })).map((e) => e.target?.objectId)).toEqual([
      'obj24',
      'obj21',
    ]);
    const [one] = await q({ objectId: 'obj7' });
    expect(one).toMatchObject({ requestId: 'req-7', ip: '10.0.0.1', role: 'developer', result: 'ok' });
  });

  it('filters by time range', async () => {
    const all = (await query(sql, { limit: 1000 })).results;
    const newest = all[0]!;
    expect((await query(sql, { from: newest.at, limit: 1000 })).results[0]?.id).toBe(newest.id);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await query(sql, { from: future, limit: 10 })).results).toEqual([]);
    expect((await query(sql, { to: future, limit: 1000 })).results.length).toBe(all.length);
    expect((await query(sql, { to: '2000-01-01T00:00:00Z', limit: 10 })).results).toEqual([]);
  });

  it('pages newest first with a cursor until the end', async () => {
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const p = await query(sql, { app: 'alpha', limit: 7, cursor });
      seen.push(...p.results.map((e) => e.target?.objectId ?? ''));
      cursor = p.nextCursor ?? undefined;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, i) => `obj${19 - i}`));
  });
});

describe('export', () => {
  it('writes CSV with a header and escapes commas, quotes and newlines', async () => {
    await record(sql, {
      ...base,
      app: 'csv',
      action: 'csv.test',
      actor: { email: 'o"brien@example.com' },
      summary: { note: 'a, b\n"c"' },
      target: { class: 'Line,Break' },
    });
    await record(sql, { ...base, app: 'csv', action: '=HYPERLINK("http://evil")' });
    const csv = await text(exportAudit(sql, { app: 'csv' }, 'csv'));
    const lines = csv.split('\n');
    expect(lines[0]).toBe(
      'id,at,actorId,actorEmail,role,app,action,target,summary,before,after,result,status,requestId,ip',
    );
    expect(csv).toContain(`,"'=HYPERLINK(""http://evil"")",`);
    expect(csv).toContain(',"o""brien@example.com",');
    expect(csv).toContain(',"{""class"":""Line,Break""}",');
    expect(csv).toContain(',"{""note"":""a, b\\n\\""c\\""""}",');
    expect(csv.endsWith('\n')).toBe(true);
  });

  it('writes a CSV header even when nothing matches', async () => {
    const csv = await text(exportAudit(sql, { app: 'nothing' }, 'csv'));
    expect(csv.trim().split('\n')).toHaveLength(1);
  });

  it('writes JSON lines that each parse, across several batches', async () => {
    for (let i = 0; i < 1100; i++) await record(sql, { ...base, app: 'bulk', action: 'bulk.write' });
    const out = await text(exportAudit(sql, { app: 'bulk' }, 'jsonl'));
    const lines = out.trimEnd().split('\n');
    expect(lines).toHaveLength(1100);
    const parsed = lines.map((l) => JSON.parse(l) as { id: string; action: string });
    expect(parsed.every((e) => e.action === 'bulk.write')).toBe(true);
    expect(new Set(parsed.map((e) => e.id)).size).toBe(1100);
  });
});

describe('append-only', () => {
  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await expect(sql.query("UPDATE audit_log SET action = 'changed'")).rejects.toThrow(/append-only/);
    await expect(sql.query('DELETE FROM audit_log')).rejects.toThrow(/append-only/);
    await expect(sql.query('TRUNCATE audit_log')).rejects.toThrow(/append-only/);
    expect((await query(sql, { limit: 1 })).results).toHaveLength(1);
  });
});
