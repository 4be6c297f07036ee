import { describe, expect, it } from 'vitest';
import { groupSecret, parseTotpCode } from './totp-code';

describe('parseTotpCode', () => {
  it('takes six digits, with the separators apps show', () => {
    expect(parseTotpCode('123456')).toBe('123456');
    expect(parseTotpCode(' 123 456 ')).toBe('123456');
    expect(parseTotpCode('123-456')).toBe('123456');
  });

  it('refuses anything else', () => {
    expect(parseTotpCode('')).toBeUndefined();
    expect(parseTotpCode('12345')).toBeUndefined();
    expect(parseTotpCode('1234567')).toBeUndefined();
    expect(parseTotpCode('12345a')).toBeUndefined();
  });
});

describe('groupSecret', () => {
  it('splits a key into groups of four', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDEF')).toBe('ABCD EF');
  });
});
