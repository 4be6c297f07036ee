import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../../test/fetch';
import { renderRoutes, renderWithProviders } from '../../../../test/render';
import { GridHeaderCell } from '../../cells/GridHeaderCell';
import { buildColumns } from '../../utils/columns';
import { ClassHeaderActions } from './ClassHeaderActions';
import { API, capabilities, schemas, sessionWith } from './fixtures';

const routes = [
  { path: '/apps/:app/data/Product', element: <ClassHeaderActions app="default" className="Product" /> },
];

const withOptions = {
  ...schemas,
  Product: { ...schemas.Product, name: { type: 'String', hidden: true, required: true, default: 'none' } },
};

function stub() {
  return stubFetch({
    'GET /api/session': sessionWith(['schema.read', 'schema.write']),
    'GET /api/apps/default/capabilities': capabilities(true),
    [`GET ${API}/schemas`]: () => json(200, withOptions),
    [`GET ${API}/schemas/Product/permissions`]: () => json(200, { permissions: {} }),
    [`PUT ${API}/schemas/Product`]: () => json(200, { className: 'Product' }),
  });
}

async function openDrawer() {
  const { user } = renderRoutes(routes, '/apps/default/data/Product');
  await user.click(await screen.findByRole('button', { name: 'Schema' }));
  return { user, drawer: await screen.findByRole('dialog', { name: 'Fields of Product' }) };
}

const puts = (calls: { method: string; body: unknown }[]) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

describe('field options', () => {
  it('lists a field’s options and changes them, sending the whole definition', async () => {
    const { calls } = stub();
    const { user, drawer } = await openDrawer();
    const row = within(drawer).getByRole('rowheader', { name: 'name' }).closest('tr')!;
    expect(within(row).getByText('Hidden, Required, Has a default value')).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Options of field name' }));
    const dialog = screen.getByRole('dialog', { name: 'Options of name' });
    expect(within(dialog).getByRole('checkbox', { name: 'Hidden' })).toBeChecked();
    expect(within(dialog).queryByRole('checkbox', { name: 'Auto-increment' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Hidden' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Read-only' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({
      fields: { name: { type: 'String', read_only: true, required: true, default: 'none' } },
    });
  }, 20_000);

  it('adds an auto-increment Number with a default, and refuses a default that is not JSON', async () => {
    const { calls } = stub();
    const { user, drawer } = await openDrawer();
    const form = within(drawer).getByRole('form', { name: 'Add field' });
    await user.type(within(form).getByRole('textbox', { name: 'Field name' }), 'seq');
    await user.click(within(form).getByRole('combobox', { name: 'Type' }));
    await user.click(screen.getByRole('option', { name: 'Number' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Auto-increment' }));
    const value = within(form).getByRole('textbox', { name: 'Default value' });
    await user.type(value, 'ten');
    expect(within(form).getByText('Not valid JSON for a Number.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    expect(puts(calls)).toEqual([]);
    await user.clear(value);
    await user.type(value, '10');
    await user.click(within(form).getByRole('button', { name: 'Add field' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toEqual({
      fields: { seq: { type: 'Number', auto_increment: true, default: 10 } },
    });
  }, 20_000);

  it('marks a column’s options in the grid header with named icons', async () => {
    const column = buildColumns(withOptions.Product).find((c) => c.key === 'name')!;
    expect(column.options).toEqual(['hidden', 'required', 'default']);
    renderWithProviders(<GridHeaderCell column={column} colIndex={2} width={200} />);
    const header = await screen.findByRole('columnheader');
    expect(within(header).getByRole('img', { name: 'Hidden' })).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Required' })).toBeInTheDocument();
    expect(within(header).getByRole('img', { name: 'Has a default value' })).toBeInTheDocument();
    expect(within(header).queryByRole('img', { name: 'Read-only' })).not.toBeInTheDocument();
  });
});
