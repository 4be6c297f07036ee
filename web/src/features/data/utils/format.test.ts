import { describe, expect, it } from 'vitest';
import { base64Size, compactJson, formatCell, formatDate, MAX_CELL_CHARS, truncate } from './format';

describe('formatCell', () => {
  it('tells a missing field from a stored null', () => {
    expect(formatCell(undefined)).toEqual({ kind: 'missing' });
    expect(formatCell(null)).toEqual({ kind: 'null' });
  });

  it('says what an ACL column enforces when the object has no ACL or an empty one', () => {
    expect(formatCell(undefined, 'ACL')).toEqual({ kind: 'aclNote', note: 'none' });
    expect(formatCell(null, 'ACL')).toEqual({ kind: 'aclNote', note: 'none' });
    expect(formatCell({}, 'ACL')).toEqual({ kind: 'aclNote', note: 'masterOnly' });
    expect(formatCell({ '*': { read: true, write: true } }, 'ACL')).toEqual({
      kind: 'aclNote',
      note: 'public',
    });
    expect(formatCell({ '*': { read: true } }, 'ACL')).toMatchObject({ kind: 'json' });
    expect(formatCell({ '*': { read: true, write: true }, u1: { read: true } }, 'ACL')).toMatchObject({
      kind: 'json',
    });
    expect(formatCell({ '*': { read: true } }, 'ACL')).toMatchObject({ kind: 'json' });
  });

  it('shows short strings whole and cuts long ones, keeping the full text', () => {
    expect(formatCell('Espresso machine')).toEqual({ kind: 'string', text: 'Espresso machine' });
    const long = 'x'.repeat(500);
    const view = formatCell(long);
    expect(view).toMatchObject({ kind: 'string', full: long });
    expect(view.kind === 'string' && Array.from(view.text)).toHaveLength(MAX_CELL_CHARS);
    expect(view.kind === 'string' && view.text.endsWith('…')).toBe(true);
  });

  it('shows numbers and booleans as their literal values', () => {
    expect(formatCell(329)).toEqual({ kind: 'number', text: '329' });
    expect(formatCell(-0.5)).toEqual({ kind: 'number', text: '-0.5' });
    expect(formatCell(true)).toEqual({ kind: 'boolean', text: 'true' });
    expect(formatCell(false)).toEqual({ kind: 'boolean', text: 'false' });
  });

  it('shows a Date in local time with UTC kept', () => {
    const view = formatCell({ __type: 'Date', iso: '2024-05-01T12:34:56.789Z' });
    expect(view).toMatchObject({ kind: 'date', utc: '2024-05-01 12:34:56.789 UTC' });
  });

  it('reads plain ISO strings as dates only in a Date column (createdAt, updatedAt)', () => {
    expect(formatCell('2024-05-01T12:34:56.789Z', 'Date')).toMatchObject({ kind: 'date' });
    expect(formatCell('2024-05-01T12:34:56.789Z', 'String')).toMatchObject({ kind: 'string' });
    expect(formatCell('not a date', 'Date')).toEqual({ kind: 'string', text: 'not a date' });
  });

  it('shows a Pointer as its class and id', () => {
    expect(formatCell({ __type: 'Pointer', className: 'Product', objectId: 'p1' })).toEqual({
      kind: 'pointer',
      className: 'Product',
      objectId: 'p1',
    });
  });

  it('shows an included pointer (a whole object) as a pointer too', () => {
    expect(formatCell({ __type: 'Object', className: '_User', objectId: 'u1', username: 'alice' })).toEqual({
      kind: 'pointer',
      className: '_User',
      objectId: 'u1',
    });
  });

  it('shows a File as its id, with the name when there is one', () => {
    expect(formatCell({ __type: 'File', id: 'f1' })).toEqual({ kind: 'file', id: 'f1' });
    expect(formatCell({ __type: 'File', id: 'f1', name: 'a.png', url: 'https://x' })).toEqual({
      kind: 'file',
      id: 'f1',
      name: 'a.png',
      url: 'https://x',
      image: true,
    });
  });

  it('links only web URLs and previews images by mime type first', () => {
    expect(formatCell({ __type: 'File', id: 'f1', url: 'javascript:alert(1)' })).toEqual({
      kind: 'file',
      id: 'f1',
    });
    expect(
      formatCell({ __type: 'File', id: 'f1', name: 'a.png', url: 'https://x', mime_type: 'application/pdf' }),
    ).toMatchObject({ image: false });
    expect(
      formatCell({ __type: 'File', id: 'f1', url: 'https://x', metaData: { mime_type: 'image/png' } }),
    ).toMatchObject({ image: true });
  });

  it('shows a GeoPoint as latitude, longitude', () => {
    expect(formatCell({ __type: 'GeoPoint', latitude: 31.2286, longitude: 121.4547 })).toEqual({
      kind: 'geopoint',
      text: '31.2286, 121.4547',
    });
  });

  it('shows Bytes as their decoded size', () => {
    expect(formatCell({ __type: 'Bytes', base64: 'aGVsbG8=' })).toEqual({ kind: 'bytes', size: 5 });
  });

  it('shows a Relation by its target class', () => {
    expect(formatCell({ __type: 'Relation', className: 'Review' })).toEqual({
      kind: 'relation',
      className: 'Review',
    });
  });

  it('shows arrays and objects as compact JSON', () => {
    expect(formatCell(['a', 1, null])).toEqual({ kind: 'json', text: '["a",1,null]' });
    expect(formatCell({ color: 'red', size: 2 })).toEqual({ kind: 'json', text: '{"color":"red","size":2}' });
  });

  it('falls back to JSON for a malformed encoded value', () => {
    expect(formatCell({ __type: 'Pointer', className: 'X' })).toEqual({
      kind: 'json',
      text: '{"__type":"Pointer","className":"X"}',
    });
    expect(formatCell({ __type: 'Date', iso: 'garbage' })).toMatchObject({ kind: 'json' });
  });
});

describe('formatDate', () => {
  it('shows the instant in the given time zone, UTC in full', () => {
    expect(formatDate('2024-05-01T23:30:00.000Z', 'Asia/Shanghai')).toEqual({
      local: '2024-05-02 07:30:00',
      utc: '2024-05-01 23:30:00.000 UTC',
    });
    expect(formatDate('2024-01-15T08:00:00.000Z', 'America/New_York')?.local).toBe('2024-01-15 03:00:00');
    expect(formatDate('2024-01-15T00:00:00.000Z', 'UTC')?.local).toBe('2024-01-15 00:00:00');
  });

  it('rejects what is not a date', () => {
    expect(formatDate('yesterday')).toBeUndefined();
  });

  it('shows Date cells, encoded or createdAt-style, in the person’s chosen zone', () => {
    const iso = '2024-05-01T23:30:00.000Z';
    expect(formatCell({ __type: 'Date', iso }, 'Date', 'Asia/Shanghai')).toMatchObject({
      kind: 'date',
      local: '2024-05-02 07:30:00',
    });
    expect(formatCell(iso, 'Date', 'America/Los_Angeles')).toMatchObject({
      kind: 'date',
      local: '2024-05-01 16:30:00',
      utc: '2024-05-01 23:30:00.000 UTC',
    });
  });
});

describe('truncate', () => {
  it('never splits a surrogate pair', () => {
    const text = '😀'.repeat(10);
    expect(truncate(text, 5)).toEqual({ text: '😀😀😀😀…', full: text });
    expect(truncate('abc', 3)).toEqual({ text: 'abc' });
  });
});

describe('base64Size', () => {
  it('counts decoded bytes with and without padding', () => {
    expect(base64Size('')).toBe(0);
    expect(base64Size('YQ==')).toBe(1);
    expect(base64Size('YWI=')).toBe(2);
    expect(base64Size('YWJj')).toBe(3);
    expect(base64Size(btoa('x'.repeat(1000)))).toBe(1000);
  });
});

describe('compactJson', () => {
  it('keeps pretty-printed JSON for the tooltip when it cuts', () => {
    const value = { list: Array.from({ length: 100 }, (_, i) => i) };
    const view = compactJson(value);
    expect(view.text.endsWith('…')).toBe(true);
    expect(view.full).toBe(JSON.stringify(value, null, 2));
  });
});
