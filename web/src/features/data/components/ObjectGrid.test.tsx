import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { StoredObject } from '@switchboard/shared';
import { renderWithProviders } from '../../../test/render';
import { productGridProps, wideGridLayoutInThisFile } from '../test/grid-fixtures';
import { ObjectGrid } from './ObjectGrid';
import type { ObjectGridProps } from './ObjectGrid';

wideGridLayoutInThisFile();

const fields = {
  name: { type: 'String' },
  price: { type: 'Number' },
  seller: { type: 'Pointer', className: '_User' },
  discontinued: { type: 'Boolean' },
} as const;

const rows: StoredObject[] = [
  {
    objectId: 'p1',
    createdAt: '2024-05-01T12:00:00.000Z',
    updatedAt: '2024-05-02T12:00:00.000Z',
    name: 'Espresso machine',
    price: 329,
    seller: { __type: 'Pointer', className: '_User', objectId: 'u1' },
    discontinued: null,
  },
  {
    objectId: 'p2',
    createdAt: '2024-05-03T12:00:00.000Z',
    updatedAt: '2024-05-03T12:00:00.000Z',
    price: 49.5,
  },
];

/** The grid over `data` (the two products unless given), with `more` props on top. */
function renderGrid(more: Partial<ObjectGridProps> = {}, data = rows, rowOffset = 0) {
  return renderWithProviders(<ObjectGrid {...productGridProps(fields, data, rowOffset)} {...more} />);
}

describe('ObjectGrid', () => {
  it('is an ARIA grid named after the class, sized to the whole class', () => {
    renderGrid({ total: 42 });
    const grid = screen.getByRole('grid', { name: 'Product' });
    expect(grid).toHaveAttribute('aria-rowcount', '43');
    expect(grid).toHaveAttribute('aria-colcount', '7');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual([
      'objectIdString',
      'nameString',
      'priceNumber',
      'sellerPointer → _User',
      'discontinuedBoolean',
      'createdAtDate',
      'updatedAtDate',
    ]);
  });

  it('renders one row per object with a cell per column', () => {
    renderGrid({ total: 2 });
    const [header, first, second] = screen.getAllByRole('row');
    expect(header).toHaveAttribute('aria-rowindex', '1');
    expect(first).toHaveAttribute('aria-rowindex', '2');
    const cells = within(first!).getAllByRole('gridcell');
    expect(cells.map((c) => c.getAttribute('aria-colindex'))).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(cells[0]).toHaveTextContent('p1');
    expect(cells[1]).toHaveTextContent('Espresso machine');
    expect(cells[2]).toHaveTextContent('329');
    expect(within(second!).getAllByRole('gridcell')[2]).toHaveTextContent('49.5');
  });

  it('shows a stored null as an italic word and a missing field as an empty cell', () => {
    renderGrid({ total: 2 });
    const [, first, second] = screen.getAllByRole('row');
    expect(within(first!).getAllByRole('gridcell')[4]).toHaveTextContent('null');
    expect(within(first!).getAllByRole('gridcell')[4]!.firstChild).toHaveClass('cell-null');
    const missing = within(second!).getAllByRole('gridcell')[4]!;
    expect(missing).toBeEmptyDOMElement();
  });

  it('links a pointer to its class and keeps the UTC time of dates at hand', () => {
    renderGrid({ total: 2 });
    const [, first] = screen.getAllByRole('row');
    const pointer = within(first!).getByRole('link', { name: 'Open _User u1' });
    expect(pointer).toHaveAttribute(
      'href',
      `/apps/default/data/_User?${new URLSearchParams({ where: '{"objectId":"u1"}' }).toString()}`,
    );
    const created = within(first!).getAllByRole('gridcell')[5]!;
    expect(created.querySelector('[title]')).toHaveAttribute('title', 'UTC: 2024-05-01 12:00:00.000 UTC');
  });

  it('edits a pointer on a double click on its value; only its arrow navigates', async () => {
    const onEditCell = vi.fn();
    const { user, router } = renderGrid({ total: 2, onEditCell });
    const [, first] = screen.getAllByRole('row');
    await user.dblClick(within(first!).getByText('_User u1'));
    expect(onEditCell).toHaveBeenCalledExactlyOnceWith(rows[0], expect.objectContaining({ key: 'seller' }));
    expect(router.state.location.pathname).toBe('/');
    expect(within(first!).getByText('_User u1').closest('a')).toBeNull();
    await user.click(within(first!).getByRole('link', { name: 'Open _User u1' }));
    expect(router.state.location.pathname).toBe('/apps/default/data/_User');
  });

  it('says what an object without an ACL lets everyone do, and what an empty ACL leaves', () => {
    const withAcl = { ...fields, ACL: { type: 'ACL' } } as const;
    const objects: StoredObject[] = [
      { objectId: 'a1', createdAt: '2024-05-01T12:00:00.000Z', updatedAt: '2024-05-01T12:00:00.000Z' },
      {
        objectId: 'a2',
        createdAt: '2024-05-01T12:00:00.000Z',
        updatedAt: '2024-05-01T12:00:00.000Z',
        ACL: {},
      },
      {
        objectId: 'a3',
        createdAt: '2024-05-01T12:00:00.000Z',
        updatedAt: '2024-05-01T12:00:00.000Z',
        ACL: { '*': { read: true } },
      },
    ];
    renderWithProviders(<ObjectGrid {...productGridProps(withAcl, objects)} />);
    const aclOf = (objectId: string) => {
      const row = screen.getByRole('gridcell', { name: objectId }).closest('[role=row]') as HTMLElement;
      return within(row).getAllByRole('gridcell').at(-1);
    };
    expect(aclOf('a1')).toHaveTextContent('no ACL: anyone can read and write');
    expect(aclOf('a2')).toHaveTextContent('empty ACL: master key only');
    expect(aclOf('a3')).toHaveTextContent('{"*":{"read":true}}');
  });

  it('puts only the rows in view into the DOM, numbered within the whole class', () => {
    const many: StoredObject[] = Array.from({ length: 1000 }, (_, i) => ({
      objectId: `o${i}`,
      createdAt: '2024-05-01T12:00:00.000Z',
      updatedAt: '2024-05-01T12:00:00.000Z',
      name: `item ${i}`,
    }));
    renderGrid({ total: 5000 }, many, 2000);
    const rendered = screen.getAllByRole('row').slice(1);
    expect(rendered.length).toBeGreaterThan(10);
    expect(rendered.length).toBeLessThan(60);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2002');
    expect(rendered[0]).toHaveTextContent('item 0');
  });

  it('selects rows one by one or the whole page, in a first checkbox column', () => {
    const onSelectionChange = vi.fn();
    renderGrid({ selection: new Set(['p1']), onSelectionChange });
    const grid = screen.getByRole('grid');
    expect(grid).toHaveAttribute('aria-colcount', '8');
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    fireEvent.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['p1', 'p2']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select p1' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set());
    const [, first] = screen.getAllByRole('row');
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(within(first!).getAllByRole('gridcell')[1]).toHaveAttribute('aria-colindex', '2');
  });

  it('sorts from the header: a click, or a shift-click to add a key, with arrows shown', () => {
    const onSortChange = vi.fn();
    renderGrid({
      sort: [
        { field: 'price', desc: true },
        { field: 'name', desc: false },
      ],
      onSortChange,
    });
    const price = screen.getByRole('columnheader', { name: /^price/ });
    expect(price).toHaveAttribute('aria-sort', 'descending');
    expect(price).toHaveTextContent('price ↓1');
    expect(screen.getByRole('columnheader', { name: /^name/ })).toHaveTextContent('name ↑2');
    fireEvent.click(within(price).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith('price', false);
    fireEvent.click(screen.getByRole('button', { name: /^objectId/ }), { shiftKey: true });
    expect(onSortChange).toHaveBeenLastCalledWith('objectId', true);
  });

  it('scrolls a million rows it does not hold: placeholders while loading, the range reported', () => {
    const onRangeChange = vi.fn();
    renderGrid({
      total: 1_000_000,
      rowCount: 1_000_000,
      rowAt: (i) => rows[i],
      onRangeChange,
    });
    const grid = screen.getByRole('grid', { name: 'Product' });
    expect(grid).toHaveAttribute('aria-rowcount', '1000001');
    const body = within(grid).getAllByRole('row').slice(1);
    expect(body[0]).toHaveAttribute('aria-rowindex', '2');
    expect(within(body[0]!).getByText('Espresso machine')).toBeInTheDocument();
    expect(body[2]).toHaveAttribute('aria-rowindex', '4');
    expect(body[2]).toHaveAttribute('aria-busy', 'true');
    expect(body[2]).toHaveTextContent('');
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: 0, end: expect.any(Number), settled: true });

    // Keyboard moves run over the whole count, not just the rows loaded.
    fireEvent.keyDown(grid, { key: 'ArrowDown' });
    for (let i = 0; i < 5; i++) fireEvent.keyDown(grid, { key: 'ArrowDown' });
    expect(grid.getAttribute('aria-activedescendant')).toMatch(/-5-0$/);
  });
});
