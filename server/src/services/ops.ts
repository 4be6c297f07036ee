import { isPlainObject, LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import { normalizeValue } from './values';

/** The atomic operations of Doc 1, applied to the current value of one field. */
export type OpName =
  'Delete' | 'Increment' | 'Decrement' | 'Add' | 'AddUnique' | 'Remove' | 'BitAnd' | 'BitOr' | 'BitXor';

/** Marker returned when the field is to be removed. */
export const REMOVE = Symbol('remove');

const OPS = new Set<string>([
  'Delete',
  'Increment',
  'Decrement',
  'Add',
  'AddUnique',
  'Remove',
  'BitAnd',
  'BitOr',
  'BitXor',
]);

export function isOp(v: unknown): v is Record<string, unknown> & { __op: string } {
  return isPlainObject(v) && typeof v.__op === 'string';
}

/** Stable serialization so that AddUnique and Remove compare objects regardless of key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isPlainObject(v)) {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v);
}

function typeError(field: string, op: string, expected: string): never {
  throw badRequest(LcCode.InvalidType, `${op} on field '${field}' needs ${expected}.`);
}

function objectsOf(op: Record<string, unknown>, field: string): unknown[] {
  if (!Array.isArray(op.objects)) typeError(field, String(op.__op), 'an "objects" array');
  return op.objects.map((o) => normalizeValue(o, field));
}

function currentArray(current: unknown, field: string, op: string): unknown[] {
  if (current === undefined || current === null) return [];
  if (!Array.isArray(current)) typeError(field, op, 'the field to hold an array');
  return current;
}

function currentInteger(current: unknown, field: string, op: string): bigint {
  if (current === undefined || current === null) return 0n;
  if (typeof current !== 'number' || !Number.isInteger(current))
    typeError(field, op, 'the field to hold an integer');
  return BigInt(current);
}

/** Applies one operation; returns the new value or REMOVE. */
export function applyOp(
  current: unknown,
  op: Record<string, unknown> & { __op: string },
  field: string,
): unknown {
  const name = op.__op;
  if (!OPS.has(name)) {
    throw badRequest(LcCode.InvalidType, `Unknown operation ${JSON.stringify(name)} on field '${field}'.`);
  }
  switch (name as OpName) {
    case 'Delete':
      return REMOVE;
    case 'Increment':
    case 'Decrement': {
      const amount = op.amount ?? 1;
      if (typeof amount !== 'number' || !Number.isFinite(amount))
        typeError(field, name, 'a numeric "amount"');
      if (current !== undefined && current !== null && typeof current !== 'number') {
        typeError(field, name, 'the field to hold a number');
      }
      const base = typeof current === 'number' ? current : 0;
      return name === 'Increment' ? base + amount : base - amount;
    }
    case 'Add':
      return [...currentArray(current, field, name), ...objectsOf(op, field)];
    case 'AddUnique': {
      const out = [...currentArray(current, field, name)];
      const seen = new Set(out.map(canonical));
      for (const o of objectsOf(op, field)) {
        const c = canonical(o);
        if (!seen.has(c)) {
          seen.add(c);
          out.push(o);
        }
      }
      return out;
    }
    case 'Remove': {
      const drop = new Set(objectsOf(op, field).map(canonical));
      return currentArray(current, field, name).filter((v) => !drop.has(canonical(v)));
    }
    case 'BitAnd':
    case 'BitOr':
    case 'BitXor': {
      const value = op.value;
      if (typeof value !== 'number' || !Number.isInteger(value)) typeError(field, name, 'an integer "value"');
      const a = currentInteger(current, field, name);
      const b = BigInt(value);
      const r = name === 'BitAnd' ? a & b : name === 'BitOr' ? a | b : a ^ b;
      return Number(BigInt.asIntN(64, r));
    }
  }
}
