import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors';
import { applyOp, REMOVE } from './ops';

const op = (o: Record<string, unknown>) => o as Record<string, unknown> & { __op: string };

describe('atomic operations (Doc 1 table)', () => {
  it('Increment and Decrement start from 0 and accept negative amounts', () => {
    expect(applyOp(undefined, op({ __op: 'Increment', amount: 3 }), 'n')).toBe(3);
    expect(applyOp(10, op({ __op: 'Increment', amount: -4 }), 'n')).toBe(6);
    expect(applyOp(10, op({ __op: 'Decrement', amount: 4 }), 'n')).toBe(6);
  });

  it('Add appends, AddUnique skips values already present (objects by value), Remove drops every occurrence', () => {
    expect(applyOp([1], op({ __op: 'Add', objects: [1, 2] }), 'a')).toEqual([1, 1, 2]);
    expect(
      applyOp([{ a: 1, b: 2 }, 'x'], op({ __op: 'AddUnique', objects: [{ b: 2, a: 1 }, 'x', 'y'] }), 'a'),
    ).toEqual([{ a: 1, b: 2 }, 'x', 'y']);
    expect(applyOp([1, 2, 1, 3], op({ __op: 'Remove', objects: [1, 3] }), 'a')).toEqual([2]);
  });

  it('bit operations work on 64-bit integers', () => {
    expect(applyOp(0b1100, op({ __op: 'BitAnd', value: 0b1010 }), 'b')).toBe(0b1000);
    expect(applyOp(0b1100, op({ __op: 'BitOr', value: 0b1010 }), 'b')).toBe(0b1110);
    expect(applyOp(0b1100, op({ __op: 'BitXor', value: 0b1010 }), 'b')).toBe(0b0110);
    expect(applyOp(2 ** 40, op({ __op: 'BitOr', value: 1 }), 'b')).toBe(2 ** 40 + 1);
  });

  it('Delete removes the field', () => {
    expect(applyOp('x', op({ __op: 'Delete', delete: true }), 'f')).toBe(REMOVE);
  });

  it.each([
    ['Increment on a string', 'text', { __op: 'Increment', amount: 1 }],
    ['Increment without a numeric amount', 1, { __op: 'Increment', amount: '2' }],
    ['Add on a number', 5, { __op: 'Add', objects: [1] }],
    ['Add without objects', [], { __op: 'Add' }],
    ['BitAnd on a float', 1.5, { __op: 'BitAnd', value: 1 }],
    ['an unknown operation', 1, { __op: 'Multiply', amount: 2 }],
  ])('refuses %s with 400 and code 111', (_label, current, o) => {
    try {
      applyOp(current, op(o), 'f');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ApiError);
      expect((e as ApiError).status).toBe(400);
      expect((e as ApiError).code).toBe(111);
    }
  });
});
