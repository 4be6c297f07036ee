import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { withoutAct } from '../test/events';
import { renderRoutes } from '../test/render';
import { useSearchParamsMerge } from './search-params';

function Filters() {
  const [params, merge] = useSearchParamsMerge();
  return (
    <>
      <output aria-label="query">{params.toString()}</output>
      <button onClick={() => merge({ kind: 'room' })}>kind</button>
      <button onClick={() => merge({ q: 'bo', page: undefined })}>search</button>
      <button onClick={() => merge({ kind: '' })}>all kinds</button>
    </>
  );
}

const routes = [{ path: '/list', element: <Filters /> }];

describe('useSearchParamsMerge', () => {
  it('merges a second update into the first before the router has drawn it', async () => {
    const { router } = renderRoutes(routes, '/list?page=3');
    const kind = await screen.findByRole('button', { name: 'kind' });
    const search = screen.getByRole('button', { name: 'search' });
    withoutAct(() => {
      kind.click();
      search.click();
    });
    await waitFor(() => expect(router.state.location.search).toBe('?kind=room&q=bo'));
    expect(await screen.findByText('kind=room&q=bo')).toBeInTheDocument();
  });

  it('starts from the URL again once it has moved on, and removes what is set empty', async () => {
    const { router } = renderRoutes(routes, '/list');
    fireEvent.click(screen.getByRole('button', { name: 'kind' }));
    await waitFor(() => expect(router.state.location.search).toBe('?kind=room'));
    await router.navigate('/list?q=chen');
    await screen.findByText('q=chen');
    fireEvent.click(screen.getByRole('button', { name: 'kind' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=chen&kind=room'));
    fireEvent.click(screen.getByRole('button', { name: 'all kinds' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=chen'));
  });
});
