import { expect } from 'vitest';
import type { TestServer } from '../test/harness';

export const IM = '/1.2/rtm';

/** A master-key call that must answer 2XX; returns the JSON body. */
export async function ok(
  t: TestServer,
  method: string,
  path: string,
  o: { body?: unknown; query?: Record<string, unknown> } = {},
): Promise<unknown> {
  const r = await t.request(method, path, { auth: 'master', ...o });
  expect(r.status, `${method} ${path}: ${r.text}`).toBeLessThan(300);
  return r.body;
}

export async function newConversation(t: TestServer, fields: Record<string, unknown>): Promise<string> {
  const body = (await ok(t, 'POST', `${IM}/conversations`, { body: fields })) as { objectId: string };
  return body.objectId;
}

export async function newRoom(t: TestServer, name = 'room'): Promise<string> {
  return ((await ok(t, 'POST', `${IM}/chatrooms`, { body: { name } })) as { objectId: string }).objectId;
}

export async function newService(t: TestServer, name = 'svc'): Promise<string> {
  return ((await ok(t, 'POST', `${IM}/service-conversations`, { body: { name } })) as { objectId: string })
    .objectId;
}

export interface Sent {
  id: string;
  ts: number;
}

export async function send(t: TestServer, path: string, body: Record<string, unknown>): Promise<Sent> {
  const r = (await ok(t, 'POST', path, { body })) as { 'msg-id': string; timestamp: number };
  return { id: r['msg-id'], ts: r.timestamp };
}

export async function history(
  t: TestServer,
  path: string,
  query: Record<string, unknown> = {},
): Promise<Record<string, unknown>[]> {
  const q = Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)]));
  const body = await ok(t, 'GET', path, { query: q });
  expect(Array.isArray(body)).toBe(true);
  return body as Record<string, unknown>[];
}

export const ids = (recs: Record<string, unknown>[]) => recs.map((r) => r['msg-id']);
