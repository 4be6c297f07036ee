import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { newObjectId } from '../lib/ids';
import { insertObjects } from '../store/objects';
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
  deviceToken: string;
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

/** Writes `n` installations straight into the table (a fast setup for fan-out tests), oldest first. */
export async function seedInstallations(
  t: TestServer,
  n: number,
  fields: (i: number) => Record<string, unknown>,
  updatedAt?: Date,
): Promise<string[]> {
  const now =
    updatedAt ??
    new Date(
      (await t.request('POST', '/1.1/__test/clock', { auth: 'master', body: { advanceMs: 0 } })).json
        .iso as string,
    );
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newObjectId(now),
    created_at: now,
    updated_at: now,
    acl: null,
    data: { deviceType: 'android', installationId: `seed-${randomUUID()}`, ...fields(i) },
  }));
  await insertObjects(t.server.sql, '_Installation', rows);
  return rows.map((r) => r.id);
}

/** What the recorder stored for a push, counted in the database: rows and duplicate deliveries. */
export async function deliveryCounts(
  t: TestServer,
  pushId: string,
): Promise<{ rows: number; duplicates: number }> {
  const [row] = await t.server.sql.query<{ rows: number; duplicates: number }>(
    'SELECT count(*)::int AS rows, coalesce(sum(duplicates), 0)::int AS duplicates FROM lc_push_deliveries WHERE push_id = $1',
    [pushId],
  );
  return row ?? { rows: 0, duplicates: 0 };
}

/**
 * Stops the server's clock (every part of the server reads this one clock), so what is due when
 * depends on the test's steps only, never on how fast the machine runs them.
 */
export function freezeClock(t: TestServer): { advance(ms: number): void; restore(): void } {
  const clock = t.server.clock;
  const original = clock.now.bind(clock);
  let at = original().getTime();
  clock.now = () => new Date(at);
  return {
    advance: (ms) => {
      at += ms;
    },
    restore: () => {
      clock.now = original;
    },
  };
}
