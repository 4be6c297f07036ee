import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { rawRequest } from '../../test/raw-http';

/**
 * Which refusals the audit log keeps: whatever the console's pages never send (a path off the
 * allowlist, a path trick, a malformed batch) and every refused write; not the routine refusal of
 * a read a role lacks, which the console's own pages cause.
 */
let bff: TestBff;
const dev = { email: 'dev@example.com', password: 'developer password' };
const support = { email: 'support@example.com', password: 'support password 1' };

beforeAll(async () => {
  // Every request here is refused before anything would be sent upstream.
  bff = await startBff(testConfig('http://127.0.0.1:9'));
  await createUser(bff.sql, { ...dev, role: 'developer' });
  await createUser(bff.sql, { ...support, role: 'support' });
});
afterAll(() => bff?.close());

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  const login = await c.login(user.email, user.password);
  return { c, cookie: login.setCookie?.split(';')[0] ?? '' };
}
const rowsOf = (requestId: string | string[] | null | undefined) =>
  bff.sql.query<{ action: string; result: string; status: number; actor_email: string }>(
    'SELECT action, result, status, actor_email FROM audit_log WHERE request_id = $1',
    [requestId],
  );

describe('refusals in the audit log', () => {
  it('a path off the allowlist is audited, read or write', async () => {
    const { c } = await as(dev);
    for (const method of ['GET', 'POST']) {
      const r = await c.call(
        method,
        '/api/apps/default/1.1/functions/hello',
        method === 'GET' ? undefined : {},
      );
      expect(r.status).toBe(404);
      expect(await rowsOf(r.headers.get('x-request-id'))).toEqual([
        { action: 'console.refused', result: 'denied', status: 404, actor_email: dev.email },
      ]);
    }
  });

  it('a path trick is audited', async () => {
    const { cookie } = await as(dev);
    for (const path of [
      '/api/apps/default/1.1/classes/a%2f..%2f..%2fschemas',
      '/api/apps/default/1.1/classes/%2e%2e',
    ]) {
      const r = await rawRequest(bff.url, { method: 'GET', path, headers: { cookie } });
      expect(r.status, path).toBe(400);
      expect(await rowsOf(r.headers['x-request-id'])).toMatchObject([{ result: 'denied', status: 400 }]);
    }
  });

  it('a malformed batch is audited, and so is a refused write', async () => {
    const { c } = await as(dev);
    const bad = await c.call('POST', '/api/apps/default/1.1/batch', {
      requests: [{ method: 'PUT', path: '/1.1/classes/Note/a%2fb', body: {} }],
    });
    expect(bad.status).toBe(400);
    expect(await rowsOf(bad.headers.get('x-request-id'))).toMatchObject([
      { action: 'batch', result: 'denied', status: 400 },
    ]);
    const { c: sup } = await as(support);
    const write = await sup.call('POST', '/api/apps/default/1.1/classes/Note', { a: 1 });
    expect(write.status).toBe(403);
    expect(await rowsOf(write.headers.get('x-request-id'))).toMatchObject([
      { action: 'object.create', result: 'denied', status: 403 },
    ]);
  });

  it("the console's routine reads a role lacks are refused without filling the log", async () => {
    const { c } = await as(support);
    for (const path of [
      '/api/apps/default/1.1/classes/Product',
      '/api/apps/default/export/Product?format=csv',
      '/api/apps/default/views',
      '/api/audit',
      '/api/console-users',
    ]) {
      const r = await c.call('GET', path);
      expect(r.status, path).toBe(403);
      expect(await rowsOf(r.headers.get('x-request-id')), path).toEqual([]);
    }
    // The same refusal for a write is kept.
    const r = await c.call('POST', '/api/apps/default/views', { name: 'v', className: 'Product', query: '' });
    expect(r.status).toBe(403);
    expect(await rowsOf(r.headers.get('x-request-id'))).toHaveLength(1);
  });
});
