import { describe, expect, it } from 'vitest';
import { csvText } from '@switchboard/shared';
import { csvCell, csvColumns, csvLines } from './csv';

describe('csvCell', () => {
  const pointer = { type: 'Pointer', className: 'Owner' };
  it('writes values in the form the importer reads back', () => {
    expect(csvCell('1+1, "x"', { type: 'String' })).toBe('1+1, "x"');
    expect(csvCell(1.5, undefined)).toBe('1.5');
    expect(csvCell(false, undefined)).toBe('false');
    expect(csvCell(null, undefined)).toBe('');
    expect(csvCell(undefined, undefined)).toBe('');
    expect(csvCell({ __type: 'Date', iso: '2024-01-01T00:00:00.000Z' }, undefined)).toBe(
      '2024-01-01T00:00:00.000Z',
    );
    expect(csvCell({ __type: 'Pointer', className: 'Owner', objectId: 'o1' }, pointer)).toBe('o1');
    expect(csvCell({ a: [1] }, undefined)).toBe('{"a":[1]}');
  });

  it('keeps a pointer whole when the schema does not name its class', () => {
    const p = { __type: 'Pointer', className: 'Other', objectId: 'o1' };
    expect(csvCell(p, pointer)).toBe(JSON.stringify(p));
    expect(csvCell(p, undefined)).toBe(JSON.stringify(p));
  });

  it('writes text a spreadsheet would run as a formula with a leading apostrophe (CSV injection)', () => {
    const attacks = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
    for (const text of attacks) {
      expect(csvCell(text, { type: 'String' })).toBe(`'${text}`);
      expect(csvText(csvCell(text, { type: 'String' }))).toBe(text);
    }
    // Apostrophes already there are kept: reading the cell back gives the value exactly.
    for (const text of ["'=1", "''+x", "'plain", "it's"]) {
      expect(csvText(csvCell(text, { type: 'String' }))).toBe(text);
    }
    expect(csvCell(-5, undefined)).toBe('-5');
  });
});

describe('csvColumns and csvLines', () => {
  const fields = { objectId: { type: 'String' }, b: { type: 'String' }, a: { type: 'Number' } };
  it('keeps schema order, narrowed to the keys with objectId', () => {
    expect(csvColumns(fields)).toEqual(['objectId', 'b', 'a', 'ACL']);
    expect(csvColumns(fields, ['a'])).toEqual(['objectId', 'a']);
  });
  it('has one ACL column, where the schema puts it or last, unless the keys leave it out', () => {
    const withAcl = { objectId: { type: 'String' }, ACL: { type: 'ACL' }, a: { type: 'Number' } };
    expect(csvColumns(withAcl)).toEqual(['objectId', 'ACL', 'a']);
    expect(csvColumns(withAcl, ['a', 'ACL'])).toEqual(['objectId', 'ACL', 'a']);
    expect(csvColumns(fields, ['ACL'])).toEqual(['objectId', 'ACL']);
  });
  it('writes an ACL as its JSON text', () => {
    const acl = { '*': { read: true }, 'role:staff': { read: true, write: true } };
    expect(JSON.parse(csvCell(acl, { type: 'ACL' }))).toEqual(acl);
  });
  it('quotes what needs quoting', () => {
    expect(csvLines([['a,b', 'say "hi"', 'two\nlines', 'plain']])).toBe(
      '"a,b","say ""hi""","two\nlines",plain\n',
    );
    expect(csvLines([])).toBe('');
  });
});
