import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { compileCql } from './translate';

// How a CQL statement the server cannot run is refused: code 300 with where it went wrong, or a
// plain 400 for pvalues that do not fit the statement.

const failure = (cql: string, pvalues?: unknown[]): ApiError => {
  try {
    compileCql(cql, pvalues, new Date());
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error(`expected ${cql} to fail`);
};
const whereOf = (cql: string): unknown =>
  JSON.parse(compileCql(cql, undefined, new Date()).params.where ?? '{}');

describe('errors: code 300 with the position, or a clear 400', () => {
  it('a syntax error names line and column', () => {
    const e = failure('select * GameScore limit 10');
    expect([e.status, e.code]).toEqual([400, 300]);
    expect(e.message).toBe('CQL syntax error at line 1, column 10: Expected "," or "from" but "G" found.');
    expect(failure('select *\nfrom T\nwhere a = ').message).toMatch(
      /^CQL syntax error at line 3, column 11: /,
    );
    expect(failure("select * from T where a = 'open").code).toBe(300);
  });

  it('meaning errors point at the offending part', () => {
    expect(failure('select * from T where a = foo(1)').message).toBe(
      'CQL error at line 1, column 27: unknown function foo(); CQL knows date(), pointer(), geopoint(), file(), base64(), current_timestamp().',
    );
    expect(failure("select * from T where a = date('yesterday')").message).toMatch(
      /column 27: date\(\) needs a date/,
    );
    expect(failure('select * from T where g near geopoint(200, 1)').message).toMatch(
      /column 30: geopoint\(\) needs a longitude \(-180..180\) and a latitude/,
    );
    expect(failure('select * from T where g near [1, 2, 3]').message).toMatch(
      /column 30: expected a geopoint/,
    );
    expect(failure("select * from T where a not like 'x%'").message).toMatch(/not like is not supported/);
    expect(failure('select * from T where size(a) > 1').message).toMatch(/size\(\) compares with = only/);
    expect(failure('select * from T limit 1 limit 2').message).toMatch(/column 25: limit is given twice/);
    expect(failure('select * from T limit -1').message).toMatch(/limit must be a non-negative integer/);
    expect(failure('select count(name) from T').message).toMatch(/count takes \* or objectId/);
    expect(failure('select * from T where a in (select a, b from U)').message).toMatch(
      /sub-query selects one field/,
    );
    expect(failure('select * from T where a in (select a from U order by a)').message).toMatch(
      /cannot be ordered/,
    );
    expect(failure("update T set a=1 where objectId='x'").message).toMatch(
      /^CQL error at line 1, column 1: update is not supported/,
    );
    for (const e of [failure('select * from T where a = foo(1)'), failure('delete from T')])
      expect(e.code).toBe(300);
  });

  it('placeholders: the count must match, values must not smuggle operators', () => {
    const few = failure('select * from T where a = ? and b = ?', [1]);
    expect([few.status, few.code, few.message]).toEqual([
      400,
      1,
      'pvalues holds 1 value(s) but the CQL statement has 2 placeholder(s) (?).',
    ]);
    expect(failure('select * from T', [1]).code).toBe(1);
    const smuggled = failure('select * from T where a = ?', [{ $ne: null }]);
    expect([smuggled.code, smuggled.message]).toEqual([
      300,
      'CQL error at line 1, column 27: a placeholder value may not hold keys starting with "$".',
    ]);
    expect(failure("select * from T where a = {'$gt': 1}").code).toBe(300);
    expect(failure('select * from T where a in ?', ['not a list']).message).toMatch(/need a list/);
  });

  it('hostile input: deep nesting is refused before parsing', () => {
    const deep = `select * from T where ${'('.repeat(5000)}a=1${')'.repeat(5000)}`;
    expect(failure(deep).message).toMatch(
      /^CQL syntax error at line 1, column 39: brackets may nest at most 16/,
    );
    expect(failure(`select * from T where a = ${'['.repeat(100)}`).code).toBe(300);
    // Brackets inside quoted text do not count.
    expect(whereOf(`select * from T where a = '${'('.repeat(100)}'`)).toEqual({ a: '('.repeat(100) });
  });
});
