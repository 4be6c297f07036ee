import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../domain/users';
import { ConsoleClient, startBff, testConfig } from '../../test/harness';
import type { TestBff } from '../../test/harness';
import { startUpstreamServer } from '../../test/upstream-server';
import type { UpstreamServer } from '../../test/upstream-server';

/**
 * Writes through the console: each one reaches the upstream app only with the right role in that
 * app, and leaves an audit entry with the object before and after.
 */
let upstream: UpstreamServer;
let bff: TestBff;
const admin = { email: 'admin@example.com', password: 'admin password 123' };
const dev = { email: 'dev@example.com', password: 'developer password' };
const viewer = { email: 'viewer@example.com', password: 'viewer password 1' };
// A viewer everywhere except in the app "second", where they develop.
const split = { email: 'split@example.com', password: 'split password 12' };

beforeAll(async () => {
  upstream = await startUpstreamServer({ seedDemo: true });
  const config = testConfig(upstream.url, { initialAdmin: admin });
  const first = { ...config.apps[0]!, ...upstream.keys };
  config.apps = [first, { ...first, id: 'second', name: 'Second app' }];
  bff = await startBff(config);
  await createUser(bff.sql, { ...dev, role: 'developer' });
  await createUser(bff.sql, { ...viewer, role: 'viewer' });
  await createUser(bff.sql, { ...split, role: 'viewer', appRoles: { second: 'developer' } });
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

/** Reads an object straight from the upstream app with the master key. */
async function upstreamGet(path: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${upstream.url}${path}`, {
    headers: { 'X-LC-Id': upstream.keys.appId, 'X-LC-Key': `${upstream.keys.masterKey},master` },
  });
  return (await res.json()) as Record<string, unknown>;
}

interface Entry {
  action: string;
  result: string;
  role: string | null;
  app: string | null;
  target: Record<string, string> | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  summary: Record<string, unknown> | null;
}

async function auditOf(objectId: string): Promise<Entry[]> {
  const c = await as(admin);
  const r = await c.call('GET', `/api/audit?objectId=${objectId}&limit=100`);
  expect(r.status).toBe(200);
  return (r.json.results as Entry[]).reverse();
}

describe('object writes through the console', () => {
  it('create, update and delete are audited with before and after', async () => {
    const c = await as(dev);
    const created = await c.call('POST', '/api/apps/default/1.1/classes/Note', { title: 'first', n: 1 });
    expect(created.status).toBe(200);
    const id = created.json.objectId as string;
    const updated = await c.call('PUT', `/api/apps/default/1.1/classes/Note/${id}`, {
      title: 'second',
      n: { __op: 'Increment', amount: 2 },
    });
    expect(updated.status).toBe(200);
    expect(await upstreamGet(`/1.1/classes/Note/${id}`)).toMatchObject({ title: 'second', n: 3 });
    expect((await c.call('DELETE', `/api/apps/default/1.1/classes/Note/${id}`)).status).toBe(200);
    expect(await upstreamGet(`/1.1/classes/Note/${id}`)).toEqual({});

    const entries = await auditOf(id);
    expect(entries.map((e) => [e.action, e.result, e.role, e.app])).toEqual([
      ['object.create', 'ok', 'developer', 'default'],
      ['object.update', 'ok', 'developer', 'default'],
      ['object.delete', 'ok', 'developer', 'default'],
    ]);
    const [create, update, del] = entries as [Entry, Entry, Entry];
    expect(create.target).toEqual({ class: 'Note', objectId: id });
    expect(create.before).toBeNull();
    expect(create.after).toMatchObject({ objectId: id, title: 'first', n: 1 });
    expect(update.before).toMatchObject({ title: 'first', n: 1 });
    expect(update.after).toMatchObject({ title: 'second', n: 3 });
    expect(update.summary).toMatchObject({ method: 'PUT', body: { title: 'second' } });
    expect(del.before).toMatchObject({ title: 'second', n: 3 });
    expect(del.after).toBeNull();
  });

  it('an ACL edit shows the ACL before and after, beside every other field the write changed', async () => {
    const c = await as(dev);
    const created = await c.call('POST', '/api/apps/default/1.1/classes/Note', {
      title: 'acl',
      ACL: { '*': { read: true, write: true } },
    });
    const id = created.json.objectId as string;
    const acl = { '*': { read: true }, 'role:Moderators': { read: true, write: true } };
    expect((await c.call('PUT', `/api/apps/default/1.1/classes/Note/${id}`, { ACL: acl })).status).toBe(200);
    const batch = await c.call('POST', '/api/apps/default/1.1/batch', {
      requests: [{ method: 'PUT', path: `/1.1/classes/Note/${id}`, body: { ACL: { '*': { read: true } } } }],
    });
    expect(batch.status).toBe(200);

    const [create, single, batched] = (await auditOf(id)) as [Entry, Entry, Entry];
    expect(create.after).toMatchObject({ ACL: { '*': { read: true, write: true } } });
    expect(single.before).toMatchObject({ title: 'acl', ACL: { '*': { read: true, write: true } } });
    expect(single.after).toMatchObject({ title: 'acl', ACL: acl });
    expect(batched.before).toMatchObject({ ACL: acl });
    expect(batched.after).toMatchObject({ ACL: { '*': { read: true } } });
    // What changed: the ACL and updatedAt, nothing else.
    const changed = Object.keys({ ...single.before, ...single.after }).filter(
      (k) => JSON.stringify(single.before?.[k]) !== JSON.stringify(single.after?.[k]),
    );
    expect(changed.sort()).toEqual(['ACL', 'updatedAt']);
  });

  it('a failed write is audited as an error and its upstream message is passed on', async () => {
    const c = await as(dev);
    const bad = await c.call('POST', '/api/apps/default/1.1/classes/Note', { n: { __op: 'Nope' } });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(bad.status).toBeLessThan(500);
    expect(bad.json.code).toBe('upstream_error');
    const all = await (await as(admin)).call('GET', '/api/audit?action=object.create&limit=5');
    expect((all.json.results as Entry[])[0]).toMatchObject({ result: 'error', role: 'developer' });
  });

  it('a refused write never reaches the app and is audited as denied', async () => {
    const products = (await upstreamGet('/1.1/classes/Product?limit=1')).results as { objectId: string }[];
    const id = products[0]!.objectId;
    const c = await as(viewer);
    const r = await c.call('DELETE', `/api/apps/default/1.1/classes/Product/${id}`);
    expect(r.status).toBe(403);
    expect(r.json).toMatchObject({ code: 'forbidden', message: expect.stringContaining('data.write') });
    expect(await upstreamGet(`/1.1/classes/Product/${id}`)).toMatchObject({ objectId: id });
    const entries = await auditOf(id);
    expect(entries.at(-1)).toMatchObject({ action: 'object.delete', result: 'denied', role: 'viewer' });
  });

  it('roles are per app: the same person writes in one app and only reads in the other', async () => {
    const c = await as(split);
    const session = await c.call('GET', '/api/session');
    expect(session.json.appPermissions).toMatchObject({
      default: expect.not.arrayContaining(['data.write']),
      second: expect.arrayContaining(['data.write']),
    });
    expect((await c.call('POST', '/api/apps/default/1.1/classes/Note', { a: 1 })).status).toBe(403);
    const ok = await c.call('POST', '/api/apps/second/1.1/classes/Note', { a: 1 });
    expect(ok.status).toBe(200);
    const entries = await auditOf(ok.json.objectId as string);
    expect(entries[0]).toMatchObject({ action: 'object.create', role: 'developer', app: 'second' });
  });
});

describe('batches', () => {
  it('one forbidden element refuses the whole batch, and nothing is written', async () => {
    const c = await as(dev);
    const products = (await upstreamGet('/1.1/classes/Product?limit=1')).results as { objectId: string }[];
    const productId = products[0]!.objectId;
    // Developers edit data but do not moderate conversations.
    const r = await c.call('POST', '/api/apps/default/1.1/batch', {
      requests: [
        { method: 'POST', path: '/1.1/classes/Note', body: { smuggled: false } },
        { method: 'PUT', path: `/1.1/classes/Product/${productId}`, body: { name: 'changed' } },
        { method: 'POST', path: '/1.1/classes/_Conversation', body: { name: 'Smuggled', m: ['a'] } },
      ],
    });
    expect(r.status).toBe(403);
    expect(r.json.code).toBe('forbidden');
    expect(r.json.message).toMatch(/element 3 \(POST \/1\.1\/classes\/_Conversation\).*"im\.moderate"/);
    const convs = (
      await upstreamGet(`/1.1/classes/_Conversation?where=${encodeURIComponent('{"name":"Smuggled"}')}`)
    ).results as unknown[];
    expect(convs ?? []).toEqual([]);
    expect(await upstreamGet(`/1.1/classes/Product/${productId}`)).not.toMatchObject({ name: 'changed' });
    const notes = (await upstreamGet(`/1.1/classes/Note?where=${encodeURIComponent('{"smuggled":false}')}`))
      .results as unknown[];
    expect(notes).toEqual([]);
  });

  it('path tricks and routes outside the allowlist inside a batch refuse it whole', async () => {
    const c = await as(admin);
    for (const path of [
      '/1.1/classes/Note/../../login',
      '/1.1/classes/Note%2f..%2f..%2flogin',
      'http://elsewhere.example/1.1/classes/Note',
      '//elsewhere.example/1.1/classes/Note',
      '/1.1/login',
      '/1.1/batch',
    ]) {
      const r = await c.call('POST', '/api/apps/default/1.1/batch', {
        requests: [
          { method: 'POST', path: '/1.1/classes/Note', body: { tricked: path } },
          { method: 'POST', path, body: { username: 'x', password: 'y' } },
        ],
      });
      expect(r.status, path).toBe(400);
      expect(r.json.code, path).toBe('validation_failed');
    }
    const notes = (
      await upstreamGet(`/1.1/classes/Note?where=${encodeURIComponent('{"tricked":{"$exists":true}}')}`)
    ).results as unknown[];
    expect(notes).toEqual([]);
  });

  it('an allowed batch goes through and each write gets its own audit entry', async () => {
    const c = await as(dev);
    const first = await c.call('POST', '/api/apps/default/1.1/classes/Note', { k: 'a' });
    const id = first.json.objectId as string;
    const r = await c.call('POST', '/api/apps/default/1.1/batch', {
      requests: [
        { method: 'PUT', path: `/1.1/classes/Note/${id}`, body: { k: 'b' } },
        { method: 'POST', path: '/1.1/classes/Note', body: { k: 'new' } },
        { method: 'GET', path: `/1.1/classes/Note/${id}` },
      ],
    });
    expect(r.status).toBe(200);
    const results = r.json as unknown as { success: Record<string, unknown> }[];
    expect(results).toHaveLength(3);
    expect(results[2]!.success).toMatchObject({ k: 'b' });
    const update = (await auditOf(id)).at(-1);
    expect(update).toMatchObject({
      action: 'object.update',
      before: { k: 'a' },
      after: { k: 'b' },
      summary: { batch: { index: 0, of: 3 } },
    });
    const createdId = results[1]!.success.objectId as string;
    expect((await auditOf(createdId))[0]).toMatchObject({ action: 'object.create', after: { k: 'new' } });
  });
});

describe('secrets', () => {
  it('viewers see users without their tokens; developers see them', async () => {
    const users = (await upstreamGet('/1.1/users?limit=1')).results as { objectId: string }[];
    const id = users[0]!.objectId;
    const d = await as(dev);
    const put = await d.call('PUT', `/api/apps/default/1.1/users/${id}`, {
      authData: { weixin: { openid: 'open-1', access_token: 'wx-access-token-secret', expires_in: 7200 } },
    });
    expect(put.status).toBe(200);
    const v = await as(viewer);
    const seen = await v.call('GET', `/api/apps/default/1.1/users/${id}`);
    expect(seen.status).toBe(200);
    expect(seen.text).not.toContain('wx-access-token-secret');
    expect(seen.json.authData).toEqual({
      weixin: { openid: 'open-1', access_token: '[redacted]', expires_in: 7200 },
    });
    const byDev = await d.call('GET', `/api/apps/default/1.1/users/${id}`);
    expect(byDev.text).toContain('wx-access-token-secret');
    // The audit log never keeps them either.
    expect(JSON.stringify(await auditOf(id))).not.toContain('wx-access-token-secret');
  });
});
