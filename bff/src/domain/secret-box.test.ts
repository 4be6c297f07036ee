import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { pino } from 'pino';
import { createBff } from '../app';
import { openConsoleDatabase } from '../test/database';
import { testConfig } from '../test/harness';
import { ConsoleError } from './errors';
import { bindBox, bindSecretKey, SecretBox, totpContext } from './secret-box';
import { checkLoginCode, currentCode, startEnrolment, totpStatus } from './totp';
import { createUser } from './users';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('SecretBox', () => {
  it('seals so that only the same key and context open it', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal(SECRET, 'user-1');
    expect(sealed).toMatch(/^v1:[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.seal(SECRET, 'user-1')).not.toBe(sealed);
    expect(box.open(sealed, 'user-1')).toBe(SECRET);
    expect(box.open(sealed, 'user-2')).toBeUndefined();
    expect(new SecretBox(randomBytes(32)).open(sealed, 'user-1')).toBeUndefined();
    expect(box.open(`${sealed.slice(0, -2)}AA`, 'user-1')).toBeUndefined();
    expect(box.open('v1:AAAA', 'user-1')).toBeUndefined();
    // Stored before sealing existed: read as it is.
    expect(box.open(SECRET, 'user-1')).toBe(SECRET);
    expect(() => new SecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('bindSecretKey', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openConsoleDatabase();
  });
  afterAll(() => db.drop());

  it('seals plain secrets on start, keeps them working, and refuses another key', async () => {
    const { sql } = db;
    const key = randomBytes(32);
    const user = await createUser(sql, {
      email: 'plain@example.com',
      password: 'a long enough password',
      role: 'viewer',
    });
    const other = await createUser(sql, {
      email: 'pend@example.com',
      password: 'a long enough password',
      role: 'viewer',
    });
    // As stored before this version: base32 in plain text.
    await sql.query('UPDATE console_users SET totp_secret = $2 WHERE id = $1', [user.id, SECRET]);
    await sql.query('UPDATE console_users SET totp_pending_secret = $2 WHERE id = $1', [other.id, SECRET]);

    expect(await bindSecretKey(sql, key, 'first key')).toEqual({ sealed: 2 });
    const rows = await sql.query<{ id: string; s: string | null; p: string | null }>(
      'SELECT id, totp_secret AS s, totp_pending_secret AS p FROM console_users ORDER BY email',
    );
    const box = new SecretBox(key);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(box.open(byId.get(user.id)?.s ?? '', totpContext(user.id))).toBe(SECRET);
    expect(box.open(byId.get(other.id)?.p ?? '', totpContext(other.id))).toBe(SECRET);
    expect(JSON.stringify(rows)).not.toContain(SECRET);

    const now = new Date('2030-01-01T12:00:15Z');
    await checkLoginCode(sql, user.id, currentCode(SECRET, now), now);
    expect(await totpStatus(sql, other.id)).toEqual({ totpEnabled: false, totpPending: true });

    // The same key again: nothing left to seal.
    expect(await bindSecretKey(sql, key, 'first key')).toEqual({ sealed: 0 });
    await expect(bindSecretKey(sql, randomBytes(32), 'CONSOLE_SECRET_KEY')).rejects.toThrow(
      /the console secret key \(CONSOLE_SECRET_KEY\) is not the one this console database was set up with/,
    );
  });

  it('answers a secret sealed under another key with a clear 503, not a crash', async () => {
    const { sql } = db;
    const user = await createUser(sql, {
      email: 'moved@example.com',
      password: 'a long enough password',
      role: 'viewer',
    });
    bindBox(sql, new SecretBox(randomBytes(32)));
    await startEnrolment(sql, user);
    await sql.query('UPDATE console_users SET totp_secret = totp_pending_secret WHERE id = $1', [user.id]);
    bindBox(sql, new SecretBox(randomBytes(32)));
    const err = await checkLoginCode(sql, user.id, '123456').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConsoleError);
    expect([(err as ConsoleError).status, (err as ConsoleError).message]).toEqual([
      503,
      expect.stringContaining('stored under another console secret key'),
    ]);
  });
});

describe('console start', () => {
  it('stops with a clear error when CONSOLE_SECRET_KEY is not the database’s key', async () => {
    const db = await openConsoleDatabase();
    try {
      const log = pino({ level: 'silent' });
      const key = randomBytes(32);
      await createBff(testConfig('http://127.0.0.1:9', { secretKey: key }), db.sql, log);
      await createBff(testConfig('http://127.0.0.1:9', { secretKey: key }), db.sql, log);
      await expect(
        createBff(testConfig('http://127.0.0.1:9', { secretKey: randomBytes(32) }), db.sql, log),
      ).rejects.toThrow(/CONSOLE_SECRET_KEY\) is not the one this console database was set up with/);
    } finally {
      await db.drop();
    }
  });
});
