import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { DEMO_PASSWORD, seedDemoData } from './seed';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t.close());

describe('demo data', () => {
  it('loads once, and its users log in with the documented password', async () => {
    expect(await seedDemoData(t.server)).toBe(true);
    expect(await seedDemoData(t.server)).toBe(false);
    const users = await t.request('GET', '/1.1/users', { auth: 'master', query: { order: 'createdAt' } });
    const first = (users.json.results as { username: string; objectId: string }[])[0];
    expect(first).toBeDefined();
    const login = await t.request('POST', '/1.1/login', {
      body: { username: first?.username, password: DEMO_PASSWORD },
    });
    expect(login.status, login.text).toBe(200);
    // Each demo user may change its own profile, no one else's.
    const session = { 'X-LC-Session': String(login.json.sessionToken) };
    const own = await t.request('PUT', `/1.1/users/${first?.objectId ?? ''}`, {
      headers: session,
      body: { bio: 'hi' },
    });
    expect(own.status, own.text).toBe(200);
  });
});
