import { describe, expect, it } from 'vitest';
import { emptyGroup } from './model';
import type { Condition, Group } from './model';
import { appendTo, newCondition, removeAt, updateAt, withField, withOperator } from './model-edit';
import type { FieldTypes } from './model-edit';

const fields: FieldTypes = {
  objectId: { type: 'String' },
  price: { type: 'Number' },
  seller: { type: 'Pointer', className: '_User' },
  location: { type: 'GeoPoint' },
};
const c = (field: string, value: unknown): Condition => ({ kind: 'condition', field, operator: 'eq', value });

describe('model edits', () => {
  it('adds, changes and removes nodes at any depth', () => {
    let m: Group = emptyGroup();
    m = appendTo(m, [], c('a', 1));
    m = appendTo(m, [], emptyGroup('or'));
    m = appendTo(m, [1], c('b', 2));
    m = updateAt(m, [1, 0], (n) => ({ ...(n as Condition), value: 3 }));
    expect(m).toEqual({
      kind: 'group',
      join: 'and',
      children: [c('a', 1), { kind: 'group', join: 'or', children: [c('b', 3)] }],
    });
    expect(removeAt(m, [1, 0]).children[1]).toEqual(emptyGroup('or'));
    expect(removeAt(m, [0]).children).toHaveLength(1);
  });

  it('offers a new condition on a real field with a typed value', () => {
    expect(newCondition(fields)).toEqual({ kind: 'condition', field: 'price', operator: 'eq', value: 0 });
  });

  it('keeps the operator on another field only when that type offers it', () => {
    const onPrice: Condition = { kind: 'condition', field: 'price', operator: 'gt', value: 5 };
    expect(withField(onPrice, 'seller', fields)).toEqual({
      kind: 'condition',
      field: 'seller',
      operator: 'eq',
      value: { __type: 'Pointer', className: '_User', objectId: '' },
    });
    expect(withField(onPrice, 'location', fields).operator).toBe('nearSphere');
    expect(withField(onPrice, '$relatedTo', fields).operator).toBe('relatedTo');
  });

  it('keeps the value when the new operator takes the same shape', () => {
    const onPrice: Condition = { kind: 'condition', field: 'price', operator: 'gt', value: 5 };
    expect(withOperator(onPrice, 'lte', fields).value).toBe(5);
    expect(withOperator(onPrice, 'in', fields).value).toEqual([]);
    expect(withOperator(onPrice, 'exists', fields).value).toBe(true);
  });
});
