import { describe, expect, it } from 'vitest';
import { parseDate, parseForColumn, parseGeoPoint, parsePointer, valueToText } from './codec';
import { inputToIso, isoToInput } from './dates';
import { parseJsonText } from './json-text';

const value = (r: { ok: boolean; value?: unknown }) => (r.ok ? r.value : 'refused');
const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'accepted' : r.error?.code);

describe('parseForColumn', () => {
  it('keeps a String as typed, even "null"', () => {
    expect(value(parseForColumn('  null ', 'String'))).toBe('  null ');
  });

  it('stores null from "null" in a typed column', () => {
    expect(value(parseForColumn('null', 'Number'))).toBeNull();
  });

  it('reads numbers and refuses words and empty text', () => {
    expect(value(parseForColumn(' 12.5 ', 'Number'))).toBe(12.5);
    expect(code(parseForColumn('twelve', 'Number'))).toBe('notNumber');
    expect(code(parseForColumn('', 'Number'))).toBe('notNumber');
    expect(code(parseForColumn('Infinity', 'Number'))).toBe('notNumber');
  });

  it('reads booleans in any case', () => {
    expect(value(parseForColumn('TRUE', 'Boolean'))).toBe(true);
    expect(code(parseForColumn('yes', 'Boolean'))).toBe('notBoolean');
  });

  it('encodes bytes as base64 and refuses other text', () => {
    expect(value(parseForColumn('aGk=', 'Bytes'))).toEqual({ __type: 'Bytes', base64: 'aGk=' });
    expect(code(parseForColumn('not base64!', 'Bytes'))).toBe('notBase64');
    expect(code(parseForColumn('abc', 'Bytes'))).toBe('notBase64');
  });

  it('wants an array for Array and a plain object for Object', () => {
    expect(value(parseForColumn('[1, "a"]', 'Array'))).toEqual([1, 'a']);
    expect(code(parseForColumn('{"a":1}', 'Array'))).toBe('notArray');
    expect(value(parseForColumn('{"a":1}', 'Object'))).toEqual({ a: 1 });
    expect(code(parseForColumn('[1]', 'Object'))).toBe('notObject');
    expect(code(parseForColumn('{"__type":"Date","iso":"x"}', 'Object'))).toBe('notObject');
  });

  it('checks an ACL against the stored shape', () => {
    expect(value(parseForColumn('{"*":{"read":true}}', 'ACL'))).toEqual({ '*': { read: true } });
    expect(code(parseForColumn('{"*":{"read":"yes"}}', 'ACL'))).toBe('notAcl');
  });

  it('refuses to paste into a Relation', () => {
    expect(code(parseForColumn('x', 'Relation'))).toBe('relation');
  });

  it('takes JSON in an untyped column when it parses, else text', () => {
    expect(value(parseForColumn('[1]', undefined))).toEqual([1]);
    expect(value(parseForColumn('hello', undefined))).toBe('hello');
  });

  it('accepts a file by its JSON encoding', () => {
    expect(value(parseForColumn('{"__type":"File","id":"f1","name":"a.png"}', 'File'))).toEqual({
      __type: 'File',
      id: 'f1',
      name: 'a.png',
    });
    expect(code(parseForColumn('f1', 'File'))).toBe('notFile');
  });
});

describe('parsePointer', () => {
  it('makes a pointer to the target class from an objectId', () => {
    expect(value(parsePointer(' u1 ', '_User'))).toEqual({
      __type: 'Pointer',
      className: '_User',
      objectId: 'u1',
    });
  });

  it('accepts a pointer to the right class only', () => {
    const json = '{"__type":"Pointer","className":"_User","objectId":"u1"}';
    expect(value(parsePointer(json, '_User'))).toEqual({
      __type: 'Pointer',
      className: '_User',
      objectId: 'u1',
    });
    expect(code(parsePointer(json, 'Product'))).toBe('notPointer');
    expect(code(parsePointer('two words', '_User'))).toBe('notPointer');
  });
});

describe('parseGeoPoint', () => {
  it('reads "lat, lng" and JSON, and checks the ranges', () => {
    expect(value(parseGeoPoint('39.9, 116.4'))).toEqual({
      __type: 'GeoPoint',
      latitude: 39.9,
      longitude: 116.4,
    });
    expect(value(parseGeoPoint('{"latitude":1,"longitude":2}'))).toEqual({
      __type: 'GeoPoint',
      latitude: 1,
      longitude: 2,
    });
    expect(code(parseGeoPoint('91, 0'))).toBe('latitude');
    expect(code(parseGeoPoint('0, -181'))).toBe('longitude');
    expect(code(parseGeoPoint('here'))).toBe('notGeoPoint');
  });
});

describe('dates', () => {
  it('reads an instant with a zone as that instant', () => {
    expect(value(parseDate('2024-05-01T12:00:00+02:00'))).toEqual({
      __type: 'Date',
      iso: '2024-05-01T10:00:00.000Z',
    });
    expect(value(parseDate('{"__type":"Date","iso":"2024-05-01T10:00:00.000Z"}'))).toEqual({
      __type: 'Date',
      iso: '2024-05-01T10:00:00.000Z',
    });
  });

  it('reads an input without a zone in the zone chosen', () => {
    expect(inputToIso('2024-05-01T12:30', 'utc')).toBe('2024-05-01T12:30:00.000Z');
    expect(inputToIso('2024-05-01 12:30:15.5', 'utc')).toBe('2024-05-01T12:30:15.500Z');
    expect(inputToIso('2024-05-01T12:30', 'local')).toBe(new Date(2024, 4, 1, 12, 30).toISOString());
  });

  it('refuses dates that do not exist', () => {
    expect(inputToIso('2024-02-31T00:00', 'utc')).toBeUndefined();
    expect(code(parseDate('yesterday'))).toBe('notDate');
  });

  it('round-trips an instant through the input text in both zones', () => {
    const iso = '2024-05-01T23:59:58.123Z';
    expect(isoToInput(iso, 'utc')).toBe('2024-05-01T23:59:58.123');
    expect(isoToInput('2024-05-01T10:00:00.000Z', 'utc')).toBe('2024-05-01T10:00');
    expect(isoToInput('2024-05-01T10:00:05.000Z', 'utc')).toBe('2024-05-01T10:00:05');
    expect(inputToIso(isoToInput(iso, 'local'), 'local')).toBe(iso);
  });
});

describe('parseJsonText', () => {
  it('names the line and column of a syntax error', () => {
    const r = parseJsonText('{\n  "a": 1,\n  "b" 2\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.params).toMatchObject({ line: 3 });
  });

  it('puts a truncated document at its end', () => {
    const r = parseJsonText('[1, 2');
    expect(r.ok ? undefined : r.error.params).toEqual({ line: 1, column: 6 });
  });
});

describe('valueToText', () => {
  it('copies strings as they are and other values as JSON', () => {
    expect(valueToText('a "b"')).toBe('a "b"');
    expect(valueToText(12)).toBe('12');
    expect(valueToText(null)).toBe('null');
    expect(valueToText({ __type: 'GeoPoint', latitude: 1, longitude: 2 })).toBe(
      '{"__type":"GeoPoint","latitude":1,"longitude":2}',
    );
    expect(valueToText(undefined)).toBe('');
  });
});
