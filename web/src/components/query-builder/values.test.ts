import { describe, expect, it } from 'vitest';
import { fromText, parseList, textKind, toText } from './values';

describe('typed values', () => {
  it('reads dates as UTC into the Date encoding and shows them back', () => {
    const r = fromText('date', '2024-05-01T12:30');
    expect(r).toEqual({ ok: true, value: { __type: 'Date', iso: '2024-05-01T12:30:00.000Z' } });
    expect(toText('date', { __type: 'Date', iso: '2024-05-01T12:30:00.000Z' })).toBe(
      '2024-05-01T12:30:00.000',
    );
    expect(fromText('date', 'soon')).toEqual({ ok: false, error: 'date' });
  });

  it('reads numbers, refusing text and blanks', () => {
    expect(fromText('number', '4.5')).toEqual({ ok: true, value: 4.5 });
    expect(fromText('number', '')).toEqual({ ok: false, error: 'number' });
    expect(fromText('number', 'x')).toEqual({ ok: false, error: 'number' });
  });

  it('reads JSON for objects and lists', () => {
    expect(fromText('json', '{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
    expect(fromText('json', '{')).toEqual({ ok: false, error: 'json' });
    expect(parseList('[1,"a"]')).toEqual({ ok: true, value: [1, 'a'] });
    expect(parseList('{}')).toEqual({ ok: false, error: 'list' });
  });

  it('picks the input by field type', () => {
    expect(['Number', 'Date', 'String', 'Object', undefined].map((t) => textKind(t as never))).toEqual([
      'number',
      'date',
      'text',
      'json',
      'json',
    ]);
  });
});
