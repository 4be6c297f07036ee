import { describe, expect, it } from 'vitest';
import { applyLayout, layoutOf, moveColumn, setHidden, setPinned, setWidth } from './apply-layout';

const cols = ['objectId', 'name', 'price', 'createdAt'].map((key) => ({ key, type: 'String' }));
const keys = (c: { key: string }[]) => c.map((x) => x.key);

describe('applyLayout', () => {
  it('leaves the grid as it is without a layout', () => {
    const out = applyLayout(cols, null);
    expect(keys(out)).toEqual(['objectId', 'name', 'price', 'createdAt']);
    expect(out[1]).toEqual({ key: 'name', type: 'String', hidden: false, width: undefined, pinned: null });
  });

  it('orders, hides, sizes and pins as saved, keeping the columns own properties', () => {
    const out = applyLayout(cols, {
      columns: [
        { key: 'price', pinned: 'left', width: 150 },
        { key: 'createdAt' },
        { key: 'name', hidden: true },
        { key: 'objectId' },
      ],
    });
    expect(keys(out)).toEqual(['price', 'createdAt', 'name', 'objectId']);
    expect(out[0]).toMatchObject({ pinned: 'left', width: 150, type: 'String' });
    expect(out[2]?.hidden).toBe(true);
  });

  it('puts pinned columns first and follows `order` over the columns list', () => {
    const out = applyLayout(cols, {
      columns: [{ key: 'createdAt', pinned: 'left' }],
      order: ['name', 'objectId', 'price', 'createdAt'],
    });
    expect(keys(out)).toEqual(['createdAt', 'name', 'objectId', 'price']);
  });

  it('keeps a new field next to its neighbour and ignores fields that are gone', () => {
    const withNew = [...cols.slice(0, 2), { key: 'colour', type: 'String' }, ...cols.slice(2)];
    const out = applyLayout(withNew, {
      columns: [
        { key: 'price' },
        { key: 'gone' },
        { key: 'name' },
        { key: 'objectId' },
        { key: 'createdAt' },
      ],
    });
    expect(keys(out)).toEqual(['price', 'name', 'colour', 'objectId', 'createdAt']);
  });
});

describe('layout changes', () => {
  const laid = applyLayout(cols, null);

  it('round-trip through layoutOf, recording only what differs from the defaults', () => {
    const changed = setPinned('price', true)(setWidth('name', 210.4)(setHidden('objectId', true)(laid)));
    const layout = layoutOf(changed);
    expect(layout.columns).toEqual([
      { key: 'objectId', hidden: true },
      { key: 'name', width: 210 },
      { key: 'price', pinned: 'left' },
      { key: 'createdAt' },
    ]);
    expect(keys(applyLayout(cols, layout))).toEqual(['price', 'objectId', 'name', 'createdAt']);
  });

  it('move a column up or down, not past the ends or across the pinned ones', () => {
    expect(keys(moveColumn('name', -1)(laid))).toEqual(['name', 'objectId', 'price', 'createdAt']);
    expect(keys(moveColumn('name', 1)(laid))).toEqual(['objectId', 'price', 'name', 'createdAt']);
    expect(keys(moveColumn('objectId', -1)(laid))).toEqual(keys(laid));
    expect(keys(moveColumn('createdAt', 1)(laid))).toEqual(keys(laid));
    const pinned = applyLayout(cols, layoutOf(setPinned('price', true)(laid)));
    expect(keys(moveColumn('objectId', -1)(pinned))).toEqual(keys(pinned));
  });
});
