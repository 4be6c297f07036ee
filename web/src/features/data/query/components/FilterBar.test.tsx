import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fireEvent } from '@testing-library/react';
import { renderWithProviders } from '../../../../test/render';
import { useDataQuery } from '../use-data-query';
import { FilterBar } from './FilterBar';

const schema = {
  name: { type: 'String' },
  price: { type: 'Number' },
  seller: { type: 'Pointer', className: '_User' },
  location: { type: 'GeoPoint' },
};

function Page() {
  const controls = useDataQuery();
  return <FilterBar className="Product" schema={schema} controls={controls} />;
}

const at = (where: unknown, rest = '') => `/?where=${encodeURIComponent(JSON.stringify(where))}${rest}`;

function setup(path = '/') {
  const r = renderWithProviders(<Page />, path);
  const params = () => new URLSearchParams(r.router.state.location.search);
  const where = () => JSON.parse(params().get('where') ?? '{}') as unknown;
  return { ...r, params, where };
}

afterEach(() => vi.unstubAllGlobals());

// Many MUI interactions per case: slow on a busy machine.
describe('FilterBar', { timeout: 30_000 }, () => {
  it('shows the URL’s conditions as chips, each removable', async () => {
    const { user, where, params } = setup(at({ price: { $gt: 5 }, name: 'Espresso' }, '&page=3'));
    const region = screen.getByRole('region', { name: 'Active filters' });
    expect(within(region).getByText('price > 5')).toBeInTheDocument();
    expect(within(region).getByText('name equals "Espresso"')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove filter price > 5' }));
    expect(where()).toEqual({ name: 'Espresso' });
    expect(params().get('page')).toBeNull();
  });

  it('builds a condition typed by the field and applies it to the URL', async () => {
    const { user, where } = setup();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog', { name: 'Query Product' });
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Field' }));
    await user.click(screen.getByRole('option', { name: 'price' }));
    await user.click(within(dialog).getByRole('combobox', { name: 'Operator' }));
    const offered = screen.getAllByRole('option').map((o) => o.textContent);
    expect(offered).toContain('≥');
    expect(offered).not.toContain('matches');
    await user.click(screen.getByRole('option', { name: '≥' }));
    const value = within(dialog).getByRole('spinbutton', { name: 'Value' });
    await user.clear(value);
    await user.type(value, '10');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(where()).toEqual({ price: { $gte: 10 } });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('waits with Apply while a value does not read as its type', async () => {
    const { user } = setup(at({ price: 1 }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    const value = within(dialog).getByRole('spinbutton', { name: 'Value' });
    await user.clear(value);
    expect(within(dialog).getByText('Enter a number.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    await user.type(value, '2');
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeEnabled();
  });

  it('reads list values as a typed JSON array, naming an item that does not fit', async () => {
    const { user, where } = setup(at({ price: { $in: [1] }, seller: { $nin: ['u0'] } }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    const [prices, sellers] = within(dialog).getAllByRole('textbox', { name: 'Values (JSON array)' });
    expect(prices).toHaveValue('[1]');
    fireEvent.change(prices!, { target: { value: '[1, "2"]' } });
    expect(within(dialog).getByText(/Item 2 is not a number/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();
    fireEvent.change(prices!, { target: { value: '[1, 2.5]' } });
    fireEvent.change(sellers!, {
      target: { value: '["u1", {"__type":"Pointer","className":"Shop","objectId":"s"}]' },
    });
    expect(within(dialog).getByText(/Item 2 is not a pointer to _User/)).toBeInTheDocument();
    fireEvent.change(sellers!, { target: { value: '["u1"]' } });
    await user.click(within(dialog).getByRole('tab', { name: 'Raw JSON' }));
    const raw = within(dialog).getByRole('textbox', { name: 'where (JSON)' });
    const typed = {
      price: { $in: [1, 2.5] },
      seller: { $nin: [{ __type: 'Pointer', className: '_User', objectId: 'u1' }] },
    };
    expect(JSON.parse((raw as HTMLTextAreaElement).value)).toEqual(typed);
    await user.click(within(dialog).getByRole('tab', { name: 'Builder' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(where()).toEqual(typed);
  });

  it('groups conditions with OR', async () => {
    const { user, where } = setup(at({ price: 1 }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Add condition' }));
    await user.click(within(dialog).getByRole('button', { name: 'OR' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(where()).toEqual({ $or: [{ price: 1 }, { name: '' }] });
  });

  it('round-trips the raw JSON with the builder and refuses an invalid where', async () => {
    const { user, where } = setup(at({ price: { $lt: 3 } }));
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'Raw JSON' }));
    const raw = within(dialog).getByRole('textbox', { name: 'where (JSON)' });
    expect(JSON.parse((raw as HTMLTextAreaElement).value)).toEqual({ price: { $lt: 3 } });

    fireEvent.change(raw, { target: { value: '{"price": {"$size": -1}}' } });
    expect(within(dialog).getByText(/needs a non-negative integer/)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeDisabled();

    fireEvent.change(raw, { target: { value: '{"name": {"$regex": "^E", "$options": "i"}}' } });
    await user.click(within(dialog).getByRole('tab', { name: 'Builder' }));
    expect(within(dialog).getByRole('textbox', { name: 'Regular expression' })).toHaveValue('^E');
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(where()).toEqual({ name: { $regex: '^E', $options: 'i' } });
  });

  it('keeps a where the builder cannot show in raw mode, saying so', async () => {
    const custom = { seller: { $notInQuery: { className: '_User', where: {} } } };
    const { user } = setup(at(custom));
    expect(screen.getByText('Custom where')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText(/cannot show this where.*\$notInQuery/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Builder' }));
    expect(within(dialog).getByRole('tab', { name: 'Raw JSON' })).toHaveAttribute('aria-selected', 'true');
  });

  it('warns about an invalid where in the address', () => {
    setup('/?where=oops');
    expect(screen.getByText(/The where in the address is not used/)).toBeInTheDocument();
  });

  it('sets the fields to fetch and the pointers to include', async () => {
    const { user, params } = setup();
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('tab', { name: 'Columns' }));
    await user.type(within(dialog).getByRole('combobox', { name: 'Fields to fetch (keys)' }), 'name{Enter}');
    await user.click(within(dialog).getByRole('combobox', { name: 'Pointers to expand (include)' }));
    await user.click(screen.getByRole('option', { name: 'seller' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(params().get('keys')).toBe('name'));
    expect(params().get('include')).toBe('seller');
  });
});
