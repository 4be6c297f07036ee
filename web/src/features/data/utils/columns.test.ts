import { describe, expect, it } from 'vitest';
import { buildColumns, columnTypeLabel, columnWidth, sameColumns } from './columns';
import type { GridColumn } from './columns';

const productFields = {
  objectId: { type: 'String' },
  createdAt: { type: 'Date' },
  updatedAt: { type: 'Date' },
  ACL: { type: 'ACL' },
  name: { type: 'String' },
  price: { type: 'Number' },
  seller: { type: 'Pointer', className: '_User' },
} as const;

describe('buildColumns', () => {
  it('puts objectId first, the fields in schema order, then createdAt, updatedAt and the ACL', () => {
    expect(buildColumns(productFields)).toEqual([
      { key: 'objectId', type: 'String' },
      { key: 'name', type: 'String' },
      { key: 'price', type: 'Number' },
      { key: 'seller', type: 'Pointer', className: '_User' },
      { key: 'createdAt', type: 'Date' },
      { key: 'updatedAt', type: 'Date' },
      { key: 'ACL', type: 'ACL' },
    ]);
  });

  it('adds the fixed columns when the schema leaves them out', () => {
    expect(buildColumns({ title: { type: 'String' } }).map((c) => c.key)).toEqual([
      'objectId',
      'title',
      'createdAt',
      'updatedAt',
    ]);
  });

  it('shows fields that objects carry but the schema does not list', () => {
    const rows = [
      { objectId: 'a', createdAt: '', updatedAt: '', ACL: {}, note: null },
      {
        objectId: 'b',
        createdAt: '',
        updatedAt: '',
        note: 'hi',
        where: { __type: 'GeoPoint', latitude: 1, longitude: 2 },
      },
      { objectId: 'c', createdAt: '', updatedAt: '', always: null },
    ];
    const extra = buildColumns(productFields, rows).slice(4, -3);
    expect(extra).toEqual([
      { key: 'note', type: 'String' },
      { key: 'where', type: 'GeoPoint' },
      { key: 'always' },
    ]);
  });

  it('does not treat inherited property names as schema fields', () => {
    const rows = [{ objectId: 'a', createdAt: '', updatedAt: '', constructor: 1 }];
    expect(buildColumns({}, rows).map((c) => c.key)).toContain('constructor');
  });
});

describe('columnWidth', () => {
  it('fits the type and the header, within limits', () => {
    expect(columnWidth({ key: 'objectId', type: 'String' })).toBe(220);
    expect(columnWidth({ key: 'ok', type: 'Boolean' })).toBe(100);
    expect(columnWidth({ key: 'aVeryLongFieldNameThatNeedsRoom', type: 'Boolean' })).toBeGreaterThan(250);
    expect(columnWidth({ key: 'x'.repeat(200), type: 'String' })).toBe(480);
  });
});

describe('columnTypeLabel', () => {
  it('names the target class of pointers and relations', () => {
    expect(columnTypeLabel({ key: 'seller', type: 'Pointer', className: '_User' })).toBe('Pointer → _User');
    expect(columnTypeLabel({ key: 'price', type: 'Number' })).toBe('Number');
    expect(columnTypeLabel({ key: 'unknown' })).toBe('');
  });
});

describe('sameColumns', () => {
  const cols: GridColumn[] = [
    { key: 'objectId', type: 'String' },
    { key: 'owner', type: 'Pointer', className: 'User' },
  ];

  it('finds the same columns rebuilt equal, and tells a change of key, type, target or order', () => {
    expect(
      sameColumns(
        cols,
        cols.map((c) => ({ ...c })),
      ),
    ).toBe(true);
    expect(sameColumns(cols, [cols[0]!])).toBe(false);
    expect(sameColumns(cols, [cols[0]!, { ...cols[1]!, className: 'Team' }])).toBe(false);
    expect(sameColumns(cols, [cols[0]!, { ...cols[1]!, type: 'String' }])).toBe(false);
    expect(sameColumns(cols, [cols[1]!, cols[0]!])).toBe(false);
  });
});
