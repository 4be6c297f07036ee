import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/render';
import { GridPager } from './GridPager';

const paging = { page: 1, pageSize: 100 } as const;

describe('GridPager', () => {
  it('shows an estimate while the total is unknown, and allows the next page after a full one', async () => {
    const onChange = vi.fn();
    const { user } = renderWithProviders(
      <GridPager
        paging={paging}
        rowsOnPage={100}
        total={undefined}
        estimate={1_000_000}
        onChange={onChange}
      />,
    );
    expect(await screen.findByText('Rows 1–100 of ≈ 1M')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onChange).toHaveBeenCalledWith({ page: 2 });
  });

  it('ends at the exact total once known, whatever the estimate said', async () => {
    renderWithProviders(
      <GridPager paging={paging} rowsOnPage={12} total={12} estimate={1_000} onChange={() => {}} />,
    );
    expect(await screen.findByText('Rows 1–12 of 12')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
  });

  it('shows the range alone without a total or an estimate', async () => {
    renderWithProviders(<GridPager paging={paging} rowsOnPage={100} total={undefined} onChange={() => {}} />);
    expect(await screen.findByText('Rows 1–100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeEnabled();
  });
});

describe('GridPager while scrolling', () => {
  it('shows the rows in view against the estimate, no page buttons, and offers pages instead', async () => {
    const onSizeChange = vi.fn();
    const { user } = renderWithProviders(
      <GridPager
        paging={undefined}
        canScroll
        rowsOnPage={0}
        shown={{ from: 201, to: 230 }}
        total={undefined}
        estimate={1_000_000}
        onChange={() => {}}
        onSizeChange={onSizeChange}
      />,
    );
    expect(await screen.findByText('Rows 201–230 of ≈ 1M')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: '100' }));
    expect(onSizeChange).toHaveBeenCalledWith(100);
  });

  it('offers scrolling from the pages when the sort allows it', async () => {
    const onSizeChange = vi.fn();
    const { user } = renderWithProviders(
      <GridPager
        paging={paging}
        canScroll
        rowsOnPage={100}
        total={500}
        onChange={() => {}}
        onSizeChange={onSizeChange}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    await user.click(screen.getByRole('option', { name: 'All (scroll)' }));
    expect(onSizeChange).toHaveBeenCalledWith('scroll');
  });
});
