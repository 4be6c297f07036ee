import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { createRangeStore } from '../grid/range-store';
import { GridPagerLive } from './GridPagerLive';

describe('GridPagerLive', () => {
  it('shows the rows in view at every change but announces them only once the scroll stops', async () => {
    const range = createRangeStore();
    renderWithProviders(
      <GridPagerLive range={range} paging={undefined} rowsOnPage={0} total={5000} onChange={() => {}} />,
    );
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Rows 1–1 of 5,000');

    act(() => range.set({ start: 300, end: 320, settled: false }));
    expect(screen.getByText('Rows 301–321 of 5,000')).toHaveAttribute('aria-hidden', 'true');
    expect(status).toHaveTextContent('Rows 1–1 of 5,000');

    act(() => range.set({ start: 400, end: 420, settled: true }));
    expect(status).toHaveTextContent('Rows 401–421 of 5,000');
  });
});
