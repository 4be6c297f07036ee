import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StoredObject } from '@switchboard/shared';
import { json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { productGridProps, wideGridLayoutInThisFile } from '../test/grid-fixtures';
import { EditableClassGrid } from './EditableClassGrid';
import { queueStorageKey } from './queue';

wideGridLayoutInThisFile();

const BASE = '/api/apps/default/1.1';
const T1 = '2024-05-01T12:00:00.000Z';
const T2 = '2024-05-02T12:00:00.000Z';
const fields = { name: { type: 'String' }, price: { type: 'Number' } } as const;
const rows: StoredObject[] = [
  { objectId: 'p1', createdAt: T1, updatedAt: T1, name: 'Espresso', price: 329 },
  { objectId: 'p2', createdAt: T1, updatedAt: T1, name: 'Grinder', price: 99 },
];

function renderGrid(canWrite = true) {
  return renderWithProviders(
    <EditableClassGrid {...productGridProps(fields, rows)} total={2} canWrite={canWrite} where={{}} />,
  );
}

const conflictError = () =>
  json(400, {
    code: 'upstream_error',
    message: 'The condition was not met.',
    details: { upstreamStatus: 400, upstreamCode: 305 },
    requestId: 'r1',
  });

/** The data cell of `objectId` in column `colIndex` (1-based, after the checkbox column). */
function cell(objectId: string, colIndex: number) {
  const row = screen
    .getByRole('checkbox', { name: `Select ${objectId}` })
    .closest('[role=row]') as HTMLElement;
  return within(row).getAllByRole('gridcell')[colIndex] as HTMLElement;
}

function paste(grid: HTMLElement, text: string) {
  fireEvent.paste(grid, { clipboardData: { getData: () => text } });
}

beforeEach(() => sessionStorage.clear());

describe('EditableClassGrid', () => {
  it('saves an edit conditionally and settles a conflict by overwriting against the new version', async () => {
    let puts = 0;
    const { calls } = stubFetch({
      [`PUT ${BASE}/classes/Product/p1`]: () =>
        ++puts === 1 ? conflictError() : json(200, { updatedAt: T2 }),
      [`GET ${BASE}/classes/Product/p1`]: () =>
        json(200, { ...rows[0], name: 'Theirs', updatedAt: '2024-05-01T13:00:00.000Z' }),
    });
    renderGrid();
    fireEvent.doubleClick(cell('p1', 2));
    fireEvent.change(await screen.findByLabelText('Text'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: 'Someone changed p1 meanwhile' });
    expect(within(dialog).getByText('Theirs')).toBeInTheDocument();
    const first = calls.find((c) => c.method === 'PUT')!;
    expect(first.body).toEqual({ name: 'Mine' });
    expect(JSON.parse(first.url.searchParams.get('where')!)).toEqual({
      updatedAt: { __type: 'Date', iso: T1 },
    });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Overwrite with mine' }));
    await waitFor(() => expect(puts).toBe(2));
    const second = calls.filter((c) => c.method === 'PUT')[1]!;
    expect(second.body).toEqual({ name: 'Mine' });
    expect(second.url.searchParams.get('where')).toContain('2024-05-01T13:00:00.000Z');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('queues pasted edits for review, keeps them across a reload and saves them in one batch', async () => {
    const { calls } = stubFetch({
      [`POST ${BASE}/batch`]: () => json(200, [{ success: { updatedAt: T2 } }]),
    });
    const first = renderGrid();
    fireEvent.click(screen.getByRole('switch', { name: 'Review before saving' }));
    fireEvent.click(cell('p2', 3));
    paste(screen.getByRole('grid'), '120');

    expect(screen.getByText('1 pending change')).toBeInTheDocument();
    expect(cell('p2', 3)).toHaveClass('cell-pending');
    expect(cell('p2', 3)).toHaveTextContent('120');
    expect(sessionStorage.getItem(queueStorageKey('default', 'Product'))).toContain('"value":120');

    first.unmount();
    renderGrid();
    expect(screen.getByText('1 pending change')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByText('1 pending change')).not.toBeInTheDocument());
    expect(calls[0]?.body).toEqual({
      requests: [
        {
          method: 'PUT',
          path: '/1.1/classes/Product/p2',
          body: { price: 120 },
          params: { where: { updatedAt: { __type: 'Date', iso: T1 } } },
        },
      ],
    });
  });

  it('refuses a paste that does not fit the column, and discards the queue on request', () => {
    stubFetch({});
    renderGrid();
    fireEvent.click(screen.getByRole('switch', { name: 'Review before saving' }));
    fireEvent.click(cell('p1', 3));
    paste(screen.getByRole('grid'), 'cheap');
    expect(
      screen.getByText(
        'Cannot paste into price: a decimal number is expected, such as 12, -3.5 or 1e6 (not hex such as 0x10)',
      ),
    ).toBeInTheDocument();
    paste(screen.getByRole('grid'), '1');
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.queryByText('1 pending change')).not.toBeInTheDocument();
  });

  it('opens a pasted pointer in its editor, which saves it only once its target is known', async () => {
    const withShelf = { ...fields, shelf: { type: 'Pointer', className: 'Shelf' } } as const;
    const { calls } = stubFetch({
      [`GET ${BASE}/schemas`]: () => json(200, { Shelf: { label: { type: 'String' } } }),
      [`GET ${BASE}/classes/Shelf`]: () => json(200, { results: [] }),
      [`GET ${BASE}/classes/Shelf/gone1`]: () => json(200, {}),
    });
    renderWithProviders(
      <EditableClassGrid {...productGridProps(withShelf, rows)} total={2} canWrite where={{}} />,
    );
    fireEvent.click(cell('p1', 4));
    paste(screen.getByRole('grid'), 'gone1');
    const editor = await screen.findByRole('dialog', { name: /^Edit shelf · p1/ });
    expect(await within(editor).findByText(/there is no Shelf with the objectId gone1/)).toBeInTheDocument();
    expect(within(editor).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(calls.some((c) => c.method !== 'GET')).toBe(false);
  });

  it('copies the active cell and opens its editor from the keyboard', () => {
    stubFetch({});
    renderGrid();
    const grid = screen.getByRole('grid');
    fireEvent.click(cell('p1', 1));
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    fireEvent.keyDown(grid, { key: 'ArrowRight' });
    const setData = vi.fn();
    fireEvent.copy(grid, { clipboardData: { setData } });
    expect(setData).toHaveBeenCalledWith('text/plain', '329');
    expect(grid.getAttribute('aria-activedescendant')).toBe(cell('p1', 3).id);
    fireEvent.keyDown(grid, { key: 'Enter' });
    expect(screen.getByRole('dialog', { name: /Edit price/ })).toBeInTheDocument();
    expect(screen.getByLabelText('Number')).toHaveValue('329');
  });

  it('keeps an edit the server refused as a pending change, with the reason shown', async () => {
    stubFetch({
      [`PUT ${BASE}/classes/Product/p1`]: () =>
        json(400, {
          code: 'upstream_error',
          message: 'price must be a number',
          details: { upstreamStatus: 400, upstreamCode: 111 },
          requestId: 'r2',
        }),
    });
    renderGrid();
    fireEvent.click(cell('p1', 2));
    paste(screen.getByRole('grid'), 'Mine');
    expect(await screen.findByText('p1: price must be a number')).toBeInTheDocument();
    expect(screen.getByText('1 pending change')).toBeInTheDocument();
  });

  it('shows no edit controls without data.write', () => {
    stubFetch({});
    renderGrid(false);
    expect(screen.queryByRole('button', { name: 'Add row' })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('grid')).toHaveAttribute('aria-readonly', 'true');
  });
});
