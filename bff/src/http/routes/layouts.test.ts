import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';

/** Grid layouts are kept per console user, app and class; the upstream app is never asked. */
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
const operator = { email: 'operator@example.com', password: 'operator password' };

beforeAll(async () => {
  const config = testConfig('http://127.0.0.1:9', { initialAdmin: admin });
  config.apps = [config.apps[0]!, { ...config.apps[0]!, id: 'second', name: 'Second app' }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  await createUser(bff.sql, { ...operator, role: 'operator' });
});
afterAll(async () => {
  await bff?.close();
});

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

const layout = {
  columns: [
    { key: 'objectId', pinned: 'left' },
    { key: 'price', width: 150 },
    { key: 'name', hidden: true },
  ],
};

describe('grid layouts', () => {
  it('is null until saved, then what was saved, for that user, app and class only', async () => {
    const v = await as(viewer);
    const path = '/api/apps/default/layouts/Product';
    expect((await v.call('GET', path)).json).toEqual({ layout: null });
    const put = await v.call('PUT', path, layout);
    expect(put.status).toBe(200);
    expect(put.json).toEqual({ layout });
    expect((await v.call('GET', path)).json).toEqual({ layout });

    const changed = { columns: [{ key: 'name' }], order: ['name'] };
    expect((await v.call('PUT', path, changed)).json).toEqual({ layout: changed });
    expect((await v.call('GET', path)).json).toEqual({ layout: changed });

    expect((await v.call('GET', '/api/apps/default/layouts/Review')).json).toEqual({ layout: null });
    expect((await v.call('GET', '/api/apps/second/layouts/Product')).json).toEqual({ layout: null });
    const a = await as(admin);
    expect((await a.call('GET', path)).json).toEqual({ layout: null });
  });

  it('refuses layouts that do not fit the contract with a 400 saying why', async () => {
    const v = await as(viewer);
    const path = '/api/apps/default/layouts/Product';
    const cases: [unknown, RegExp][] = [
      [{}, /columns/i],
      [{ columns: [{ key: 'a', width: 5 }] }, /at least 40/],
      [{ columns: [{ key: 'a', width: 1e9 }] }, /at most 2000/],
      [{ columns: [{ key: 'a' }, { key: 'a' }] }, /once/],
      [{ columns: [{ key: 'a', pinned: 'right' }] }, /.+/],
      [{ columns: [{ key: 'a b' }] }, /field/],
      [{ columns: Array.from({ length: 301 }, (_, i) => ({ key: `c${i}` })) }, /300/],
      [{ columns: [], extra: 1 }, /.+/],
    ];
    for (const [body, message] of cases) {
      const r = await v.call('PUT', path, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.code).toBe('validation_failed');
      expect(r.json.message).toMatch(message);
    }
    expect((await v.call('GET', '/api/apps/default/layouts/not-a-class')).status).toBe(400);
    expect((await v.call('GET', '/api/apps/nosuchapp/layouts/Product')).status).toBe(404);
  });

  it('needs data.read in the app', async () => {
    const o = await as(operator);
    const r = await o.call('PUT', '/api/apps/default/layouts/Product', layout);
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('forbidden');
    expect((await new ConsoleClient(bff.url).call('GET', '/api/apps/default/layouts/Product')).status).toBe(
      401,
    );
  });
});
