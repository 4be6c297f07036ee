import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/** Deleting a role goes through the allowlist as any other role write: roles.write, audited. */
let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const dev = { email: 'dev@example.com', password: 'developer password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [{ ...config.apps[0]!, ...upstream.keys }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...dev, role: 'developer' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
});
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

async function as(user: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(user.email, user.password);
  return c;
}

describe('DELETE /1.1/roles/:objectId through the console', () => {
  it('deletes the role for a developer, refuses a viewer, and audits both', async () => {
    const d = await as(dev);
    const created = await d.call('POST', '/api/apps/default/1.1/roles', {
      name: 'Temporary',
      ACL: { '*': { read: true } },
    });
    expect(created.status).toBe(200);
    const id = created.json.objectId as string;

    const refused = await (await as(viewer)).call('DELETE', `/api/apps/default/1.1/roles/${id}`);
    expect(refused.status).toBe(403);
    expect(String(refused.json.message)).toContain('roles.write');
    expect((await d.call('GET', `/api/apps/default/1.1/roles/${id}`)).json).toMatchObject({
      name: 'Temporary',
    });

    expect((await d.call('DELETE', `/api/apps/default/1.1/roles/${id}`)).status).toBe(200);
    expect((await d.call('GET', `/api/apps/default/1.1/roles?where={"name":"Temporary"}`)).json).toEqual({
      results: [],
    });

    const log = await (await as(admin)).call('GET', `/api/audit?objectId=${id}&action=role.delete`);
    const entries = (log.json.results as { result: string; role: string; before: unknown }[]).reverse();
    expect(entries.map((e) => [e.result, e.role])).toEqual([
      ['denied', 'viewer'],
      ['ok', 'developer'],
    ]);
    expect(entries[1]?.before).toMatchObject({ name: 'Temporary' });
  });
});
