import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await t.request('POST', '/1.1/classes/ExpA', { body: { n: 1, ACL: { '*': { read: true } } } });
  await t.request('POST', '/1.1/classes/ExpA', { body: { n: 2 } });
  await t.request('POST', '/1.1/classes/ExpB', { body: { s: 'b' } });
});
afterAll(() => t.close());

const poll = async (id: string) => (await t.request('GET', `/1.1/exportData/${id}`, { auth: 'master' })).json;

/** Starts an export and polls it until done; returns the task. */
async function finishedExport(body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const start = await t.request('POST', '/1.1/exportData', { auth: 'master', body });
  expect(start.json).toMatchObject({ status: 'running', id: expect.any(String), app_id: 'test-app-id' });
  let status = start.json;
  for (let i = 0; i < 100 && status.status === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 100));
    status = await poll(String(start.json.id));
  }
  expect(status.status).toBe('done');
  return status;
}

async function runExport(body: Record<string, unknown>): Promise<Record<string, string>> {
  const url = String((await finishedExport(body)).download_url);
  expect(url.startsWith(`${t.url}/1.1/exportData/`)).toBe(true);
  const res = await fetch(url);
  expect(res.headers.get('content-type')).toBe('application/zip');
  const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
  return Object.fromEntries(Object.entries(files).map(([k, v]) => [k, new TextDecoder().decode(v)]));
}

describe('exportData', () => {
  it('exports the chosen classes as JSON lines with ACLs, plus the schema', async () => {
    const files = await runExport({ classes: 'ExpA' });
    expect(Object.keys(files).sort()).toEqual(['ExpA.jsonl', 'schema.json']);
    const lines = (files['ExpA.jsonl'] ?? '')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((o) => o.n).sort()).toEqual([1, 2]);
    expect(lines.find((o) => o.n === 1)?.ACL).toEqual({ '*': { read: true } });
    expect(JSON.parse(files['schema.json'] ?? '{}')).toMatchObject({ ExpA: { n: { type: 'Number' } } });
  });

  it('honours only-schema and the updatedAt range', async () => {
    expect(Object.keys(await runExport({ 'only-schema': 'true' }))).toEqual(['schema.json']);
    const future = await runExport({ from_date: '2999-01-01' });
    expect(future['ExpA.jsonl']).toBe('');
    expect(future['ExpB.jsonl']).toBe('');
  });

  it('needs the master key, a valid date and a valid link', async () => {
    expect((await t.request('POST', '/1.1/exportData', { body: {} })).status).toBe(403);
    expect(
      (await t.request('POST', '/1.1/exportData', { auth: 'master', body: { from_date: 'soon' } })).status,
    ).toBe(400);
    expect(
      (await t.request('GET', '/1.1/exportData/0123456789abcdef01234567', { auth: 'master' })).status,
    ).toBe(404);
    const start = await t.request('POST', '/1.1/exportData', { auth: 'master', body: {} });
    expect(
      (await fetch(`${t.url}/1.1/exportData/${String(start.json.id)}/download?token=forged`)).status,
    ).toBe(404);
  });

  it('a download link stops working an hour after it was handed out; a new poll gives a new one', async () => {
    const task = await finishedExport({ 'only-schema': 'true' });
    const url = String(task.download_url);
    const clock = (body: unknown) => t.request('POST', '/1.1/__test/clock', { auth: 'master', body });
    try {
      await clock({ advanceMs: 59 * 60_000 });
      const inTime = await fetch(url);
      expect(inTime.status).toBe(200);
      await inTime.arrayBuffer();
      await clock({ advanceMs: 2 * 60_000 });
      const late = await fetch(url);
      expect(late.status).toBe(403);
      expect(await late.json()).toMatchObject({
        code: 403,
        error: expect.stringMatching(/expired.*GET \/1\.1\/exportData\//) as unknown,
      });
      // The expiry is signed: moving it forward breaks the link.
      const token = new URL(url).searchParams.get('token') ?? '';
      const [expires = '', mac = ''] = token.split('.');
      const extended = `${String(Number(expires) + 3_600_000)}.${mac}`;
      const forged = new URL(url);
      forged.searchParams.set('token', extended);
      expect((await fetch(forged)).status).toBe(404);
      const fresh = String((await poll(String(task.id))).download_url);
      expect(fresh).not.toBe(url);
      expect((await fetch(fresh)).headers.get('content-type')).toBe('application/zip');
    } finally {
      await clock({ reset: true });
    }
  });
});
