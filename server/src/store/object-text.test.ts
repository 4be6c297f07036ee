import { openTestDatabase } from '@switchboard/shared/sql/testing';
import type { TestDatabase } from '@switchboard/shared/sql/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isoOfTimestamptz, parseObjectText } from './object-text';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => db.drop());

// Instants in UTC with the API form each must come back as (milliseconds truncated, as Date does).
const INSTANTS: [string, string][] = [
  ['2026-11-29 10:04:01+00', '2026-11-29T10:04:01.000Z'],
  ['2026-11-29 10:04:01.2+00', '2026-11-29T10:04:01.200Z'],
  ['2026-11-29 10:04:01.25+00', '2026-11-29T10:04:01.250Z'],
  ['2026-11-29 10:04:01.123+00', '2026-11-29T10:04:01.123Z'],
  ['2026-11-29 10:04:01.123999+00', '2026-11-29T10:04:01.123Z'],
  ['2024-02-29 23:59:59.999+00', '2024-02-29T23:59:59.999Z'],
  ['1900-01-01 00:00:00.5+00', '1900-01-01T00:00:00.500Z'],
];

// Session zones with whole-hour, half-hour, negative and (before 1937, Amsterdam) seconds offsets.
const ZONES = ['UTC', 'Asia/Kolkata', 'America/St_Johns', 'Asia/Shanghai', 'Europe/Amsterdam'];

describe('timestamps as the database writes them, in the API form', () => {
  it.each(ZONES)('reads every instant right when the session is in %s', async (zone) => {
    const texts = await db.sql.transaction(async (tx) => {
      await tx.query(`SELECT set_config('TimeZone', $1, true)`, [zone]);
      return tx.query<{ t: string }>(
        `SELECT v::timestamptz::text AS t FROM unnest($1::text[]) WITH ORDINALITY AS u(v, i) ORDER BY i`,
        [INSTANTS.map(([v]) => v)],
      );
    });
    expect(texts.map((r) => isoOfTimestamptz(r.t))).toEqual(INSTANTS.map(([, iso]) => iso));
  });

  it('refuses text that is not a timestamp instead of guessing', () => {
    expect(() => isoOfTimestamptz('29/11/2026 10:04')).toThrow(/unexpected timestamp/);
  });
});

describe('a row of texts as an ObjectRow', () => {
  it('parses data, ACL and both dates', () => {
    const row = parseObjectText({
      id: 'abc',
      created_text: '2026-11-29 10:04:01.2+00',
      updated_text: '2026-11-29 15:34:01.2+05:30',
      acl_text: '{"*": {"read": true}}',
      data_text: '{"n": 1, "s": "x"}',
    });
    expect(row).toEqual({
      id: 'abc',
      created_at: new Date('2026-11-29T10:04:01.200Z'),
      updated_at: new Date('2026-11-29T10:04:01.200Z'),
      acl: { '*': { read: true } },
      data: { n: 1, s: 'x' },
    });
  });
});
