import { describe, expect, it } from 'vitest';
import { cloudQueryParamsSchema, MAX_CQL_LENGTH } from './cql';

const issue = (input: unknown) => {
  const r = cloudQueryParamsSchema.safeParse(input);
  return r.success ? undefined : r.error.issues[0]?.message;
};

describe('GET /1.1/cloudQuery parameters', () => {
  it('decodes pvalues and keeps the statement', () => {
    expect(
      cloudQueryParamsSchema.parse({
        cql: ' select * from T ',
        pvalues: '["a", 1, {"__type": "Date", "iso": "x"}]',
      }),
    ).toEqual({
      cql: 'select * from T',
      pvalues: ['a', 1, { __type: 'Date', iso: 'x' }],
    });
    expect(cloudQueryParamsSchema.parse({ cql: 'select * from T' })).toEqual({ cql: 'select * from T' });
  });

  it('refuses a missing, blank or too long statement and text JSON cannot carry', () => {
    expect(issue({})).toBe('cql (a CQL select statement) is required');
    expect(issue({ cql: '   ' })).toBe('cql (a CQL select statement) is required');
    expect(issue({ cql: 'x'.repeat(MAX_CQL_LENGTH + 1) })).toBe('cql may be at most 4096 characters long');
    expect(issue({ cql: "select * from T where a = '\u0000'" })).toMatch(/NUL/);
    expect(issue({ cql: "select * from T where a = '\ud800'" })).toMatch(/unpaired surrogate/);
  });

  it('refuses pvalues that are not a JSON array, or nest too deep', () => {
    for (const pvalues of ['', '[1,', '{"a": 1}', '"[1]"', 'null']) {
      expect(issue({ cql: 'select * from T', pvalues })).toBe(
        'pvalues must be a JSON array such as ["dennis", 80]',
      );
    }
    expect(issue({ cql: 'select * from T', pvalues: `${'['.repeat(101)}${']'.repeat(101)}` })).toMatch(
      /at most 100 levels/,
    );
  });
});
