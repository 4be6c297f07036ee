import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { TestServer } from '../test/harness';

/** Shared steps of the push area's HTTP tests. */

export const iosDevice = (extra: Record<string, unknown> = {}) => ({
  deviceType: 'ios',
  deviceToken: randomUUID().replace(/-/g, '').repeat(2),
  ...extra,
});

export const androidDevice = (extra: Record<string, unknown> = {}) => ({
  deviceType: 'android',
  installationId: randomUUID(),
  ...extra,
});

export async function install(t: TestServer, body: Record<string, unknown>): Promise<string> {
  const r = await t.request('POST', '/1.1/installations', { body });
  expect(r.status, r.text).toBe(201);
  return String(r.json.objectId);
}

/** Sends a push with the master key and expects it accepted; returns its record's objectId. */
export async function push(
  t: TestServer,
  body: Record<string, unknown>,
  path = '/1.1/push',
): Promise<string> {
  const r = await t.request('POST', path, { auth: 'master', body });
  expect(r.status, r.text).toBe(200);
  expect(typeof r.json.objectId).toBe('string');
  return String(r.json.objectId);
}

/** Runs every due background job (fan-out, chunks) to the end. */
export const settle = (t: TestServer) => t.server.jobs.runUntilIdle();

export async function record(t: TestServer, id: string): Promise<Record<string, unknown>> {
  const r = await t.request('GET', `/1.1/tables/Notifications/${id}`);
  expect(r.status, r.text).toBe(200);
  return r.json;
}

export interface Delivery {
  push: string;
  installation?: string;
  device: string;
  channel: string;
  profile: string;
  payload: Record<string, unknown>;
  note?: string;
}

export async function deliveries(t: TestServer, query: Record<string, string>): Promise<Delivery[]> {
  const r = await t.request('GET', '/1.1/switchboard/push/deliveries', {
    auth: 'master',
    query: { limit: '1000', ...query },
  });
  expect(r.status, r.text).toBe(200);
  return r.json.results as Delivery[];
}

export async function setSettings(t: TestServer, patch: Record<string, unknown>): Promise<void> {
  const r = await t.request('PUT', '/1.1/switchboard/settings', { auth: 'master', body: patch });
  expect(r.status, r.text).toBe(200);
}

/** Moves the server's clock (and so what the engine and the rate limits see as now). */
export async function advance(t: TestServer, ms: number): Promise<void> {
  const r = await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: ms } });
  expect(r.status, r.text).toBe(200);
}

export async function reset(t: TestServer): Promise<void> {
  const r = await t.request('POST', '/1.1/__test/reset', { auth: 'master' });
  expect(r.status, r.text).toBe(200);
}
