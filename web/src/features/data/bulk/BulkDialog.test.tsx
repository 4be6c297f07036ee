import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import type { StubRequest } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { classKeys } from '../api/keys';
import { BulkDialog } from './BulkDialog';

const BASE = '/api/apps/default/1.1';
const columns = [
  { key: 'objectId', type: 'String' as const },
  { key: 'price', type: 'Number' as const },
];
const ids = Array.from({ length: 60 }, (_, i) => `o${String(i).padStart(2, '0')}`);

function answer(req: StubRequest) {
  const requests = (req.body as { requests: { path: string }[] }).requests;
  return json(
    200,
    requests.map((r) =>
      r.path.endsWith('/o07') ? { error: { code: 101, error: 'Object not found.' } } : { success: {} },
    ),
  );
}

describe('BulkDialog', () => {
  it('deletes the selection in batches of 50 and lists what failed', async () => {
    const { calls } = stubFetch({ [`POST ${BASE}/batch`]: answer });
    renderWithProviders(
      <BulkDialog
        app="default"
        className="Product"
        columns={columns}
        selection={ids}
        where={{}}
        action="delete"
        onClose={() => {}}
      />,
    );
    expect(screen.getByText('The objects will be deleted. This cannot be undone.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('Finished: 60 objects, 1 failed.')).toBeInTheDocument();
    const batches = calls
      .filter((c) => c.method === 'POST')
      .map((c) => (c.body as { requests: unknown[] }).requests);
    expect(batches.map((b) => b.length)).toEqual([50, 10]);
    expect(batches[0]?.[0]).toEqual({ method: 'DELETE', path: '/1.1/classes/Product/o00' });
    const failures = screen.getByRole('list', { name: 'Failures' });
    expect(within(failures).getByText('o07')).toBeInTheDocument();
    expect(within(failures).getByText('101: Object not found.')).toBeInTheDocument();
  });

  it('sets a field on everything the filter matches, read by objectId pages', async () => {
    const { calls } = stubFetch({
      [`GET ${BASE}/classes/Product`]: (req) =>
        req.url.searchParams.get('count') === '1'
          ? json(200, { results: [], count: 2 })
          : json(200, { results: [{ objectId: 'a' }, { objectId: 'b' }] }),
      [`POST ${BASE}/batch`]: answer,
    });
    renderWithProviders(
      <BulkDialog
        app="default"
        className="Product"
        columns={columns}
        selection={[]}
        where={{ price: 3 }}
        onClose={() => {}}
      />,
    );
    fireEvent.change(screen.getByLabelText('Number'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('Finished: 2 objects, 0 failed.')).toBeInTheDocument();
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    const read = calls.find((c) => c.method === 'GET' && c.url.searchParams.get('keys') === 'objectId')!;
    expect(JSON.parse(read.url.searchParams.get('where')!)).toEqual({ price: 3 });
    expect(read.url.searchParams.get('keys')).toBe('objectId');
    expect(read.url.searchParams.get('order')).toBe('objectId');
    const post = calls.find((c) => c.method === 'POST')!;
    expect((post.body as { requests: unknown[] }).requests).toEqual([
      { method: 'PUT', path: '/1.1/classes/Product/a', body: { price: 4 } },
      { method: 'PUT', path: '/1.1/classes/Product/b', body: { price: 4 } },
    ]);
  });

  it('keeps the summary until closed, and reloads the class only then', async () => {
    stubFetch({ [`POST ${BASE}/batch`]: answer });
    const onClose = vi.fn();
    const { queryClient } = renderWithProviders(
      <BulkDialog
        app="default"
        className="Product"
        columns={columns}
        selection={['a', 'b']}
        where={{}}
        action="delete"
        onClose={onClose}
      />,
    );
    const page = classKeys.objects('default', 'Product', { skip: 0, limit: 50, order: '' });
    queryClient.setQueryData(page, { results: [{ objectId: 'a' }, { objectId: 'b' }] });
    fireEvent.click(screen.getByRole('button', { name: 'Run' }));

    expect(await screen.findByText('Finished: 2 objects, 0 failed.')).toBeInTheDocument();
    // A reload now could empty the page and take the grid, and this summary, away.
    expect(queryClient.getQueryState(page)?.isInvalidated).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
    expect(queryClient.getQueryState(page)?.isInvalidated).toBe(true);
  });
});
