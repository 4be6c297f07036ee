import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Hot reads run as prepared statements on Postgres (shared/src/sql/prepared.ts); PGlite ignores
// the option. Either way the answers must follow the tables as they change under the statement.
let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.drop());

const HOT = { prepare: true };
const read = (n: number) =>
  db.sql.query<{ id: string; v: string }>(
    'SELECT id, v::text AS v FROM prep_t WHERE n = $1 ORDER BY id',
    [n],
    HOT,
  );

describe('prepared hot reads', () => {
  it('answer from the table as it is now: after inserts, a new index, a drop and a re-create', async () => {
    await db.sql.exec('CREATE TABLE prep_t (id text PRIMARY KEY, n int, v jsonb)');
    await db.sql.query(`INSERT INTO prep_t VALUES ('a', 1, '{"x": 1}'), ('b', 2, '{"x": 2}')`);
    for (let i = 0; i < 8; i++) expect(await read(1)).toEqual([{ id: 'a', v: '{"x": 1}' }]);
    await db.sql.query(`INSERT INTO prep_t VALUES ('c', 1, '{"x": 3}')`);
    await db.sql.exec('CREATE INDEX prep_t_n ON prep_t (n)');
    expect(await read(1)).toEqual([
      { id: 'a', v: '{"x": 1}' },
      { id: 'c', v: '{"x": 3}' },
    ]);
    await db.sql.exec('DROP TABLE prep_t');
    await expect(read(1)).rejects.toThrow(/prep_t/);
    await db.sql.exec('CREATE TABLE prep_t (id text PRIMARY KEY, n int, v jsonb)');
    await db.sql.query(`INSERT INTO prep_t VALUES ('z', 1, '{"y": 9}')`);
    for (let i = 0; i < 3; i++) expect(await read(1)).toEqual([{ id: 'z', v: '{"y": 9}' }]);
  });

  it('work inside a transaction as on the pool', async () => {
    const rows = await db.sql.transaction(async (tx) => {
      await tx.query(`INSERT INTO prep_t VALUES ('t', 5, '{}')`);
      const seen = [];
      for (let i = 0; i < 3; i++) seen.push(await tx.query('SELECT id FROM prep_t WHERE n = $1', [5], HOT));
      return seen;
    });
    expect(rows).toEqual([[{ id: 't' }], [{ id: 't' }], [{ id: 't' }]]);
  });
});
