import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { useDataQuery } from './use-data-query';

type Controls = ReturnType<typeof useDataQuery>;
let controls: Controls;
const expose = (c: Controls) => {
  controls = c;
};

function Probe() {
  const c = useDataQuery();
  useEffect(() => expose(c), [c]);
  return <output aria-label="order">{c.objectsQuery.order}</output>;
}

describe('useDataQuery', () => {
  it('sorts by several columns through the URL, and back undoes a change', async () => {
    const { router } = renderWithProviders(<Probe />, '/?page=2');
    expect(screen.getByRole('status', { name: 'order' })).toHaveTextContent('-createdAt');
    act(() => controls.toggleSort('name', false));
    act(() => controls.toggleSort('price', true));
    expect(router.state.location.search).toBe('?order=name%2Cprice');
    expect(screen.getByRole('status', { name: 'order' })).toHaveTextContent('name,price');
    act(() => controls.toggleSort('name', true));
    expect(controls.query.order).toEqual(['-name', 'price']);
    await act(() => router.navigate(-1));
    expect(controls.query.order).toEqual(['name', 'price']);
    expect(controls.search).toBe('order=name%2Cprice');
  });

  it('sends where, keys and include and keeps the page size', () => {
    renderWithProviders(<Probe />, '/?pageSize=50&page=3');
    act(() => controls.change({ where: { a: 1 }, keys: ['a'], include: ['b'] }));
    expect(controls.objectsQuery).toEqual({
      skip: 0,
      limit: 50,
      order: '-createdAt',
      where: '{"a":1}',
      keys: 'a',
      include: 'b',
    });
  });
});
