import { describe, expect, it } from 'vitest';
import { parseNumber } from './number-text';

const outcome = (text: string) => {
  const r = parseNumber(text);
  return r.ok ? r.value : r.error;
};

describe('parseNumber', () => {
  it('takes every spelling of a JSON number that a double holds exactly', () => {
    expect(outcome(' 12.5 ')).toBe(12.5);
    expect(outcome('-3')).toBe(-3);
    expect(outcome('1.50')).toBe(1.5);
    expect(outcome('1E3')).toBe(1000);
    expect(outcome('0.1')).toBe(0.1);
    expect(outcome('9007199254740993e-16')).toBe(0.9007199254740993);
    expect(outcome('1e+23')).toBe(1e23);
    expect(outcome('-0')).toBe(-0);
    expect(outcome('9007199254740992')).toBe(9007199254740992);
  });

  it('refuses what JSON does not call a number', () => {
    for (const text of ['0x10', '+1', '.5', '5.', '010', 'Infinity', 'NaN', '', '1_000', '1,5'])
      expect(outcome(text), text).toEqual({ code: 'notNumber' });
  });

  it('refuses a number a double cannot hold, saying what would be stored', () => {
    expect(outcome('99999999999999999999999')).toEqual({
      code: 'numberPrecision',
      params: { text: '99999999999999999999999', stored: '1e+23' },
    });
    expect(outcome('9007199254740993')).toEqual({
      code: 'numberPrecision',
      params: { text: '9007199254740993', stored: '9007199254740992' },
    });
    expect(outcome('0.30000000000000001')).toMatchObject({ code: 'numberPrecision' });
    expect(outcome('1e400')).toEqual({ code: 'numberRange', params: { text: '1e400' } });
  });
});
