import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleRoutes } from '@switchboard/shared';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 123' };
const PATH = consoleRoutes.updatePreferences.path;

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: false });
  const config = testConfig(upstream.url, { initialAdmin: admin });
  config.apps = [
    { ...config.apps[0]!, ...upstream.keys },
    // Nothing listens on port 9: an app that cannot be reached.
    { ...config.apps[0]!, id: 'gone', name: 'Gone app', baseUrl: 'http://127.0.0.1:9' },
  ];
  bff = await startBff(config);
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
});
afterAll(async () => {
  await bff?.close();
  await upstream?.stop();
});

async function signedIn(who: { email: string; password: string }) {
  const c = new ConsoleClient(bff.url);
  await c.login(who.email, who.password);
  return c;
}

describe('console preferences', () => {
  it('are unset at first, and a change replaces only the settings it names', async () => {
    const c = await signedIn(admin);
    expect((await c.call('GET', PATH)).json).toEqual({
      preferences: { language: null, theme: null, timeZone: null },
    });
    const first = await c.call('PUT', PATH, { language: 'zh-CN', timeZone: 'Asia/Shanghai' });
    expect(first.status).toBe(200);
    const second = await c.call('PUT', PATH, { theme: 'dark' });
    expect(second.json).toEqual({
      preferences: { language: 'zh-CN', theme: 'dark', timeZone: 'Asia/Shanghai' },
    });
    await c.call('PUT', PATH, { timeZone: null });
    expect((await c.call('GET', PATH)).json).toEqual({
      preferences: { language: 'zh-CN', theme: 'dark', timeZone: null },
    });
  });

  it('belong to one user and follow them to a new session', async () => {
    const mine = await signedIn(viewer);
    await mine.call('PUT', PATH, { theme: 'light' });
    const again = await signedIn(viewer);
    expect((await again.call('GET', PATH)).json).toMatchObject({ preferences: { theme: 'light' } });
    const other = await signedIn(admin);
    expect((await other.call('GET', PATH)).json).not.toMatchObject({ preferences: { theme: 'light' } });
  });

  it('refuse what is not a setting, naming the field', async () => {
    const c = await signedIn(admin);
    const before = (await c.call('GET', PATH)).json;
    for (const [body, field] of [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
      [{ language: 'fr' }, 'language'],
      [{ theme: 'neon' }, 'theme'],
      [{ fontSize: 12 }, 'fontSize'],
    ] as const) {
      const r = await c.call('PUT', PATH, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(r.json), JSON.stringify(body)).toContain(field);
    }
    expect((await c.call('GET', PATH)).json).toEqual(before);
  });

  it('need a signed-in user', async () => {
    const anon = new ConsoleClient(bff.url);
    expect((await anon.call('GET', PATH)).status).toBe(401);
    expect((await anon.call('PUT', PATH, { theme: 'dark' })).status).toBe(401);
  });
});

describe('app health', () => {
  it('reports the app reachable, with its clock and the round trip', async () => {
    const c = await signedIn(viewer);
    const r = await c.call('GET', '/api/apps/default/health');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ app: 'default', reachable: true });
    const body = r.json as { latencyMs: number; serverTime: string };
    expect(body.latencyMs).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(body.serverTime) - Date.now())).toBeLessThan(60_000);
  });

  it('reports an app that cannot be reached, in words, without failing', async () => {
    const c = await signedIn(viewer);
    const r = await c.call('GET', '/api/apps/gone/health');
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ app: 'gone', reachable: false, latencyMs: null, serverTime: null });
    expect((r.json as { message: string }).message).toContain('cannot be reached');
  });
});
