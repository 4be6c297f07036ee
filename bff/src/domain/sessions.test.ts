import type { Sql } from '@switchboard/shared/sql';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openConsoleDatabase } from '../test/database';
import { SESSION_CACHE_TTL_MS } from './session-cache';
import { createSession, deleteSession, resolveSession } from './sessions';
import { createUser } from './users';

let sql: Sql;
let db: TestDatabase;
const policy = { idleMs: 3_600_000, absoluteMs: 86_400_000 };

beforeAll(async () => {
  db = await openConsoleDatabase();
  sql = db.sql;
});
afterAll(() => db.drop());

describe('resolved sessions', () => {
  it('are cached for a moment; a change made by another process shows within the TTL', async () => {
    const user = await createUser(sql, {
      email: 'c@example.com',
      password: 'a password 123',
      role: 'viewer',
    });
    const t0 = new Date('2030-01-01T00:00:00Z');
    const token = await createSession(sql, user.id, policy, t0);
    expect(await resolveSession(sql, token, policy, t0)).toMatchObject({ id: user.id });
    // Another BFF process disables the user: this one keeps its answer for at most the TTL.
    await sql.query('UPDATE console_users SET disabled = true WHERE id = $1', [user.id]);
    const soon = new Date(t0.getTime() + SESSION_CACHE_TTL_MS - 1);
    expect(await resolveSession(sql, token, policy, soon)).toMatchObject({ id: user.id });
    const later = new Date(t0.getTime() + SESSION_CACHE_TTL_MS + 1);
    expect(await resolveSession(sql, token, policy, later)).toBeUndefined();
  });

  it('are forgotten at once when this process ends the session', async () => {
    const user = await createUser(sql, {
      email: 'd@example.com',
      password: 'a password 123',
      role: 'viewer',
    });
    const now = new Date();
    const token = await createSession(sql, user.id, policy, now);
    expect(await resolveSession(sql, token, policy, now)).toBeDefined();
    await deleteSession(sql, token);
    expect(await resolveSession(sql, token, policy, now)).toBeUndefined();
  });
});
