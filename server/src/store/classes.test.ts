import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { migrate } from '@switchboard/shared/sql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { startTestServer } from '../test/harness';
import { ClassRegistry, MAX_CLASSES, MAX_FIELDS } from './classes';
import { serverMigrations } from './migrations';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
  await migrate(db.sql, 'lc_migrations', serverMigrations);
});
afterAll(() => db.drop());

async function refusal(p: Promise<unknown>): Promise<ApiError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('class registry limits (Doc 1 Limits: 500 classes, 300 fields)', () => {
  it('uses the documented limits by default', () => {
    expect([MAX_CLASSES, MAX_FIELDS]).toEqual([500, 300]);
  });

  it('refuses a class beyond the class limit, counting classes made by anyone', async () => {
    const registry = new ClassRegistry({ classes: 3, fields: 300 });
    for (const name of ['A1', 'A2', 'A3']) await registry.ensure(db.sql, name);
    const e = await refusal(registry.ensure(db.sql, 'A4'));
    expect([e.status, e.code]).toEqual([400, 140]);
    await registry.ensure(db.sql, 'A2');
  });

  it('refuses fields beyond the field limit and keeps the earlier ones', async () => {
    const registry = new ClassRegistry({ classes: 500, fields: 4 });
    await registry.ensure(db.sql, 'Wide');
    await registry.addFields(db.sql, 'Wide', { a: { type: 'String' }, b: { type: 'Number' } });
    const e = await refusal(
      registry.addFields(db.sql, 'Wide', {
        c: { type: 'String' },
        d: { type: 'String' },
        e: { type: 'String' },
      }),
    );
    expect([e.status, e.code]).toEqual([400, 140]);
    expect(Object.keys((await registry.fields(db.sql, 'Wide')) ?? {})).toEqual(['a', 'b']);
  });
});

describe('the field limit through the API', () => {
  it('refuses an object with 301 fields with a 4xx', async () => {
    const t = await startTestServer();
    try {
      const body = Object.fromEntries(Array.from({ length: 301 }, (_, i) => [`f${i}`, i]));
      const r = await t.request('POST', '/1.1/classes/Wide', { body });
      expect([r.status, r.json.code]).toEqual([400, 140]);
      const ok = await t.request('POST', '/1.1/classes/Wide', { body: { f1: 1 } });
      expect(ok.status).toBe(201);
    } finally {
      await t.close();
    }
  });
});
