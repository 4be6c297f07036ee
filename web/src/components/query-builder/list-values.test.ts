import { describe, expect, it } from 'vitest';
import { parseTypedList } from './list-values';

const date = (iso: string) => ({ __type: 'Date', iso });
const pointer = (objectId: string) => ({ __type: 'Pointer', className: 'Shelf', objectId });

describe('parseTypedList', () => {
  it('keeps items that fit the field type, in the API encoding', () => {
    expect(parseTypedList('[1, 2.5, null]', 'Number')).toEqual({ ok: true, value: [1, 2.5, null] });
    expect(parseTypedList('["a", "b"]', 'String')).toEqual({ ok: true, value: ['a', 'b'] });
    const iso = '2024-05-01T00:00:00.000Z';
    expect(parseTypedList(JSON.stringify([date(iso)]), 'Date')).toEqual({ ok: true, value: [date(iso)] });
    expect(parseTypedList(JSON.stringify([pointer('s1')]), 'Pointer', 'Shelf')).toEqual({
      ok: true,
      value: [pointer('s1')],
    });
  });

  it('reads ISO text as a date and an objectId as a pointer to the schema class', () => {
    expect(parseTypedList('["2024-05-01T10:00:00Z", "2024-06-01"]', 'Date')).toEqual({
      ok: true,
      value: [date('2024-05-01T10:00:00.000Z'), date('2024-06-01T00:00:00.000Z')],
    });
    expect(parseTypedList('["s1", "s2"]', 'Pointer', 'Shelf')).toEqual({
      ok: true,
      value: [pointer('s1'), pointer('s2')],
    });
  });

  it('names the first item that does not fit, counted from 1', () => {
    expect(parseTypedList('[1, "2"]', 'Number')).toEqual({
      ok: false,
      error: 'listItem.number',
      params: { n: 2, className: '' },
    });
    expect(parseTypedList('["a", 3]', 'String')).toMatchObject({
      error: 'listItem.string',
      params: { n: 2 },
    });
    expect(parseTypedList('["tomorrow"]', 'Date')).toMatchObject({
      error: 'listItem.date',
      params: { n: 1 },
    });
    expect(parseTypedList('[{"__type":"Date","iso":"x"}]', 'Date')).toMatchObject({ error: 'listItem.date' });
    const other = JSON.stringify([{ __type: 'Pointer', className: 'Other', objectId: 'o1' }]);
    expect(parseTypedList(other, 'Pointer', 'Shelf')).toEqual({
      ok: false,
      error: 'listItem.pointer',
      params: { n: 1, className: 'Shelf' },
    });
  });

  it('takes any items for arrays and untyped fields, and refuses what is not an array', () => {
    const mixed = '[1, "a", true, {"x": 1}]';
    expect(parseTypedList(mixed, 'Array')).toEqual({ ok: true, value: [1, 'a', true, { x: 1 }] });
    expect(parseTypedList(mixed, undefined)).toMatchObject({ ok: true });
    expect(parseTypedList('{"a": 1}', 'Number')).toEqual({ ok: false, error: 'list' });
    expect(parseTypedList('[1,', 'Number')).toEqual({ ok: false, error: 'list' });
  });
});
