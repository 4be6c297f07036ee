import { describe, expect, it } from 'vitest';
import type { Condition } from './model';
import { conditionValueText, countConditions, shortValue } from './describe';

const c = (operator: Condition['operator'], value: unknown): Condition => ({
  kind: 'condition',
  field: 'f',
  operator,
  value,
});

describe('chip text', () => {
  it('shortens encoded values', () => {
    expect(shortValue({ __type: 'Pointer', className: '_User', objectId: 'u1' })).toBe('_User:u1');
    expect(shortValue({ __type: 'Date', iso: '2024-01-01T00:00:00.000Z' })).toBe('2024-01-01T00:00:00.000Z');
    expect(shortValue(['a', 1])).toBe('["a", 1]');
    expect(shortValue('x')).toBe('"x"');
  });

  it('describes operators with structured values', () => {
    expect(conditionValueText(c('regex', { pattern: '^a', options: 'i' }))).toBe('/^a/i');
    expect(conditionValueText(c('inQuery', { className: 'Store', where: { open: true } }))).toBe(
      'Store {"open":true}',
    );
    expect(
      conditionValueText(
        c('nearSphere', {
          point: { __type: 'GeoPoint', latitude: 1, longitude: 2 },
          max: { unit: 'Kilometers', distance: 5 },
        }),
      ),
    ).toBe('(1, 2) ≤ 5 Kilometers');
  });

  it('counts conditions in nested groups', () => {
    expect(
      countConditions({
        kind: 'group',
        join: 'or',
        children: [c('eq', 1), { kind: 'group', join: 'and', children: [c('eq', 2)] }],
      }),
    ).toBe(2);
  });
});
