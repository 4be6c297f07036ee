import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, AuditListResponse } from '@switchboard/shared';
import { record } from '../../domain/audit';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

// The audit routes never call upstream.
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const dev = { email: 'dev@example.com', password: 'developer password' };

beforeAll(async () => {
  bff = await startBff(testConfig('http://127.0.0.1:9', { initialAdmin: admin }));
  await createUser(bff.sql, { ...dev, role: 'developer' });
});
afterAll(() => bff.close());

async function asAdmin() {
  const c = new ConsoleClient(bff.url);
  await c.login(admin.email, admin.password);
  return c;
}
const list = async (c: ConsoleClient, qs: string) => {
  const r = await c.call('GET', `/api/audit?${qs}`);
  expect(r.status).toBe(200);
  return r.json as unknown as AuditListResponse;
};

describe('security events', () => {
  it('records a failed login with the e-mail tried and never the password', async () => {
    const c = new ConsoleClient(bff.url);
    const failed = await c.call('POST', '/api/session', {
      email: 'Mallory@Example.com',
      password: 'guessed-password-xyz',
    });
    expect(failed.status).toBe(401);
    const requestId = failed.headers.get('x-request-id');
    const { results } = await list(await asAdmin(), 'actor=mallory@example.com&action=console.login');
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({
      actorEmail: 'mallory@example.com',
      actorId: null,
      result: 'denied',
      status: 401,
      requestId,
      ip: expect.stringMatching(/127\.0\.0\.1/),
      summary: { email: 'mallory@example.com' },
    });
    const dump = await bff.sql.query('SELECT * FROM audit_log');
    expect(JSON.stringify(dump)).not.toContain('guessed-password-xyz');
  });

  it('records login success and logout with the actor', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(dev.email, dev.password);
    expect((await c.call('DELETE', '/api/session')).status).toBe(200);
    const { results } = await list(await asAdmin(), 'actor=dev@example.com');
    expect(results.map((e) => [e.action, e.result, e.role])).toEqual([
      ['console.logout', 'ok', 'developer'],
      ['console.login', 'ok', 'developer'],
    ]);
  });
});

describe('GET /api/audit', () => {
  beforeAll(async () => {
    for (let i = 0; i < 5; i++) {
      await record(bff.sql, {
        action: 'data.update',
        app: 'default',
        target: { class: 'Product', objectId: `p${i}` },
        result: 'ok',
      });
    }
  });

  it('filters and pages with nextCursor', async () => {
    const c = await asAdmin();
    const first = await list(c, 'action=data.update&class=Product&limit=3');
    expect(first.results.map((e) => e.target?.objectId)).toEqual(['p4', 'p3', 'p2']);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await list(c, `action=data.update&limit=3&cursor=${first.nextCursor}`);
    expect(second.results.map((e) => e.target?.objectId)).toEqual(['p1', 'p0']);
    expect(second.nextCursor).toBeNull();
    expect((await list(c, 'objectId=p2&app=default')).results).toHaveLength(1);
  });

  it('answers bad query parameters with a 400 that says what is wrong', async () => {
    const c = await asAdmin();
    for (const [qs, message] of [
      ['limit=5000', /at most 1000/],
      ['limit=abc', /limit/],
      ['from=yesterday', /from must be an ISO 8601 time/],
      ['cursor=-1', /cursor/],
      ['colour=red', /colour|unrecognized/i],
      ['action=a&action=b', /once/],
    ] as const) {
      const r = await c.call('GET', `/api/audit?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.json.message, qs).toMatch(message);
    }
  });

  it('is for admins only', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(dev.email, dev.password);
    for (const path of ['/api/audit', '/api/audit/export?format=csv']) {
      const r = await c.call('GET', path);
      expect(r.status).toBe(403);
      expect(r.json.message).toMatch(/audit\.read/);
    }
    expect((await new ConsoleClient(bff.url).call('GET', '/api/audit')).status).toBe(401);
  });
});

describe('GET /api/audit/export', () => {
  it('downloads CSV with a header row as an attachment', async () => {
    const r = await (await asAdmin()).call('GET', '/api/audit/export?format=csv&action=data.update');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-.*\.csv"$/);
    const lines = r.text.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^id,at,actorId,actorEmail,role,app,action,target,/);
    expect(lines).toHaveLength(6);
  });

  it('downloads JSON lines that parse', async () => {
    const r = await (await asAdmin()).call('GET', '/api/audit/export?format=jsonl&class=Product');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/\.jsonl"$/);
    const entries = r.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as AuditEntry);
    expect(entries.map((e) => e.target?.objectId)).toEqual(['p4', 'p3', 'p2', 'p1', 'p0']);
  });

  it('requires a known format', async () => {
    const r = await (await asAdmin()).call('GET', '/api/audit/export?format=xml');
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('format must be csv or jsonl');
  });
});
