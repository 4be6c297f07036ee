import { fail, ok } from './json-text';
import type { Parsed } from './json-text';

/** A number as JSON writes it: no hex, no leading "+", no "Infinity", no leading zeros. */
const JSON_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/**
 * A decimal literal's exact value as sign, significant digits and the power of ten of the last
 * digit, so two spellings of one value compare equal ("1.50" and "15e-1"; "-0" and "0").
 */
function exactValue(literal: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(literal);
  if (!m) return literal;
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = m;
  let digits = (whole + fraction).replace(/^0+/, '');
  if (digits === '') return '0';
  let power = Number(exponent) - fraction.length;
  const trailing = digits.length - digits.replace(/0+$/, '').length;
  digits = digits.slice(0, digits.length - trailing);
  power += trailing;
  return `${sign}${digits}e${power}`;
}

/**
 * Text as a Number field's value, refused unless it is a JSON number that is stored exactly:
 * a double keeps 15 to 17 significant digits, so 99999999999999999999999 would quietly become
 * 1e+23. Such a value belongs in a String field.
 */
export function parseNumber(text: string): Parsed<number> {
  const trimmed = text.trim();
  if (!JSON_NUMBER.test(trimmed)) return fail('notNumber');
  const value = Number(trimmed);
  if (!Number.isFinite(value)) return fail('numberRange', { text: trimmed });
  // String(value) is the shortest text that reads back as this double: its exact decimal value.
  if (exactValue(String(value)) !== exactValue(trimmed))
    return fail('numberPrecision', { text: trimmed, stored: String(value) });
  return ok(value);
}
