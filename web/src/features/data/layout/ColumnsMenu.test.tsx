import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GridLayout } from '@switchboard/shared';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { applyLayout } from './apply-layout';
import { ColumnsMenu } from './ColumnsMenu';
import { useGridLayout } from './use-grid-layout';

const PATH = '/api/apps/default/layouts/Product';
const columns = ['objectId', 'name', 'price'].map((key) => ({ key }));

/** The class page's use of the hook: the menu, and the columns the grid would get. */
function Harness() {
  const { layout, setLayout, error } = useGridLayout('default', 'Product');
  const shown = applyLayout(columns, layout).filter((c) => !c.hidden);
  return (
    <>
      <ColumnsMenu columns={columns} layout={layout} onLayoutChange={setLayout} />
      <div role="status" aria-label="grid columns">
        {shown.map((c) => c.key).join(',')}
      </div>
      {error && <p role="alert">{error.message}</p>}
    </>
  );
}

// hidden: an open popover hides the rest of the page from assistive technology.
const grid = () => screen.getByRole('status', { name: 'grid columns', hidden: true });

describe('ColumnsMenu with useGridLayout', () => {
  it('starts from the saved layout, applies a change at once and saves it once after a pause', async () => {
    const saved: GridLayout = { columns: [{ key: 'price' }, { key: 'objectId' }, { key: 'name' }] };
    const { calls } = stubFetch({
      [`GET ${PATH}`]: () => json(200, { layout: saved }),
      [`PUT ${PATH}`]: (req) => json(200, { layout: req.body }),
    });
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(grid()).toHaveTextContent('price,objectId,name'));

    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const menu = screen.getByRole('dialog', { name: 'Columns' });
    await user.click(within(menu).getByRole('checkbox', { name: 'objectId' }));
    await user.click(within(menu).getByRole('button', { name: 'Move name up' }));
    expect(grid()).toHaveTextContent(/^price,name$/);

    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1), { timeout: 3000 });
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      columns: [{ key: 'price' }, { key: 'name' }, { key: 'objectId', hidden: true }],
    });
  });

  it('pins a column to the front and can reset to the default', async () => {
    stubFetch({
      [`GET ${PATH}`]: () => json(200, { layout: null }),
      [`PUT ${PATH}`]: (req) => json(200, { layout: req.body }),
    });
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(grid()).toHaveTextContent('objectId,name,price'));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const pin = screen.getByRole('button', { name: 'Pin price to the left' });
    await user.click(pin);
    expect(grid()).toHaveTextContent('price,objectId,name');
    expect(screen.getByRole('button', { name: 'Unpin price' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Reset to the default' }));
    expect(grid()).toHaveTextContent('objectId,name,price');
  });

  it('goes back to the saved layout and says so when saving fails', async () => {
    stubFetch({
      [`GET ${PATH}`]: () => json(200, { layout: null }),
      [`PUT ${PATH}`]: () => consoleError(403, 'forbidden', 'needs data.read'),
    });
    const { user } = renderWithProviders(<Harness />);
    await waitFor(() => expect(grid()).toHaveTextContent('objectId,name,price'));
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('checkbox', { name: 'name' }));
    expect(grid()).toHaveTextContent(/^objectId,price$/);
    expect(await screen.findByRole('alert', { hidden: true }, { timeout: 3000 })).toHaveTextContent(
      'needs data.read',
    );
    await waitFor(() => expect(grid()).toHaveTextContent('objectId,name,price'));
  });
});
