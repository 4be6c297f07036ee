import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { email: 'ops@example.com', password: 'operator password', role: 'operator' });
});
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

describe('the allowlisted upstream API', () => {
  it('lists apps by name and id only', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const r = await c.call('GET', '/api/apps');
    expect(r.json).toEqual({ apps: [{ id: 'default', name: 'Test app', appId: upstream.keys.appId }] });
    expect(r.text).not.toContain(upstream.keys.masterKey);
    expect(r.text).not.toContain(upstream.keys.appKey);
  });

  it('forwards schema and class queries with the master key the browser never sees', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const schemas = await c.call('GET', '/api/apps/default/1.1/schemas');
    expect(Object.keys(schemas.json)).toEqual(
      expect.arrayContaining(['Product', 'Store', 'Review', '_User']),
    );
    const products = await c.call(
      'GET',
      '/api/apps/default/1.1/classes/Product?limit=2&count=1&order=-price',
    );
    expect(products.status).toBe(200);
    expect(products.json.count).toBe(12);
    expect((products.json.results as { price: number }[]).map((p) => p.price)).toEqual([329, 249]);
    for (const r of [schemas, products]) {
      expect(r.text).not.toContain(upstream.keys.masterKey);
      expect(JSON.stringify([...r.headers])).not.toContain(upstream.keys.masterKey);
    }
  });

  it('refuses routes that are not on the allowlist, and path tricks', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    for (const [method, path] of [
      ['POST', '/1.1/login'],
      ['PUT', '/1.1/users/abc/updatePassword'],
      ['DELETE', '/1.1/schemas'],
      ['GET', '/1.1/classes/Product/abc/extra'],
      ['POST', '/1.1/functions/hello'],
      ['GET', '/1.1/classes/Bad-Name'],
    ] as const) {
      expect((await c.call(method, `/api/apps/default${path}`)).status, `${method} ${path}`).toBe(404);
    }
    expect((await c.call('GET', '/api/apps/default/1.1/classes/..%2fschemas')).status).toBe(400);
    expect((await c.call('GET', '/api/apps/elsewhere/1.1/schemas')).status).toBe(404);
  });

  it('validates the input with the shared schemas before calling upstream', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const r = await c.call(
      'GET',
      `/api/apps/default/1.1/classes/Product?where=${encodeURIComponent('{"price":{"$nope":1}}')}`,
    );
    expect(r.status).toBe(400);
    expect(r.json).toMatchObject({
      code: 'validation_failed',
      details: [{ path: 'where', message: expect.stringContaining('$nope') }],
    });
  });

  it('passes upstream 4xx on with its code and text', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const r = await c.call('GET', '/api/apps/default/1.1/classes/NoSuchClass/abc');
    expect(r.status).toBe(404);
    expect(r.json).toMatchObject({
      code: 'upstream_error',
      message: "Class or object doesn't exists.",
      details: { upstreamCode: 101 },
    });
  });

  it('tells which areas the app offers, asking the app itself', async () => {
    const c = new ConsoleClient(bff.url);
    await c.login(admin.email, admin.password);
    const r = await c.call('GET', '/api/apps/default/capabilities');
    expect(r.status).toBe(200);
    // Our server implements storage, accounts, push and the messaging REST interface.
    expect(r.json).toEqual({
      app: 'default',
      reachable: true,
      areas: { storage: true, push: true, im: true, schemaWrite: true },
      source: 'probe',
    });
    expect((await c.call('GET', '/api/apps/nowhere/capabilities')).status).toBe(404);
  });

  it("refuses what the user's console role does not allow", async () => {
    const c = new ConsoleClient(bff.url);
    await c.login('ops@example.com', 'operator password');
    const r = await c.call('GET', '/api/apps/default/1.1/classes/Product');
    expect(r.status).toBe(403);
    expect(r.json.message).toMatch(/data\.read/);
    expect((await c.call('GET', '/api/apps/default/1.1/schemas')).status).toBe(200);
  });
});
