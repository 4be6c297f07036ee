import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSql } from './open';
import { emptyDataDir } from './pglite-template';

let dir: string;
const before = process.env.TMPDIR;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'pglite-template-'));
  process.env.TMPDIR = dir;
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
  if (before === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = before;
});

const kept = () => readdirSync(dir).filter((f) => f.endsWith('.tar'));

describe('the kept empty PGlite data folder', { timeout: 120_000 }, () => {
  it('is made once, then read back, and an in-memory database starts from it empty', async () => {
    const first = await emptyDataDir();
    expect(first?.size).toBeGreaterThan(1_000_000);
    expect(kept()).toHaveLength(1);
    const file = join(dir, kept()[0] ?? '');
    const written = statSync(file).mtimeMs;
    const second = await emptyDataDir();
    expect(second?.size).toBe(first?.size);
    expect(statSync(file).mtimeMs).toBe(written);
    expect(readdirSync(dir)).toHaveLength(1);

    const sql = await openSql({});
    try {
      await sql.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (7)');
      expect(await sql.query('SELECT n FROM t')).toEqual([{ n: 7 }]);
      expect(await sql.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`)).toEqual(
        [{ n: 1 }],
      );
    } finally {
      await sql.close();
    }
  });

  it('a damaged copy does not stop a database from opening, and is made again', async () => {
    const good = await emptyDataDir();
    const file = join(dir, kept()[0] ?? '');
    writeFileSync(file, 'not a tarball');
    const sql = await openSql({});
    try {
      expect(await sql.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    } finally {
      await sql.close();
    }
    expect(kept()).toEqual([]);
    expect((await emptyDataDir())?.size).toBe(good?.size);
    expect(statSync(file).size).toBe(good?.size);
  });
});
