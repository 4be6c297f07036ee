import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../test/fetch';
import { fakeLayoutInThisFile } from '../test/layout';
import { renderRoutes, testQueryClient } from '../test/render';
import { ClassObjectsPage } from '../features/data/components/ClassObjectsPage';
import { API, capabilities, schemas, sessionWith, stats } from '../features/data/components/classes/fixtures';
import { prefetchOpenedUrl } from './prefetch-url';

fakeLayoutInThisFile(2400, 600);

const event = {
  objectId: 'e1',
  createdAt: '2024-05-01T00:00:00.000Z',
  updatedAt: '2024-05-01T00:00:00.000Z',
};

function stub(permissions = ['data.read', 'schema.read']) {
  return stubFetch({
    'GET /api/session': sessionWith(permissions),
    'GET /api/apps/default/capabilities': capabilities(true),
    'GET /api/apps/default/layouts/Event': () => json(200, { layout: null }),
    [`GET ${API}/schemas`]: () => json(200, schemas),
    [`GET ${API}/switchboard/class-stats`]: stats,
    [`GET ${API}/classes/Event`]: (req) =>
      json(200, req.url.searchParams.get('count') === '1' ? { results: [], count: 1 } : { results: [event] }),
  });
}

const paths = (calls: { url: URL }[]) => calls.map((c) => `${c.url.pathname}${c.url.search}`);

describe('prefetchOpenedUrl', () => {
  it("starts the session, then a class page's first rows, schemas and layout, before anything renders", async () => {
    const { calls } = stub();
    const started = prefetchOpenedUrl(testQueryClient(), {
      pathname: '/apps/default/data/Event',
      search: '?order=objectId',
    });
    expect(paths(calls)).toEqual(['/api/session']);
    await started;
    expect(paths(calls).sort()).toEqual(
      [
        '/api/session',
        `${API}/schemas`,
        '/api/apps/default/layouts/Event',
        `${API}/classes/Event?skip=0&limit=200&order=objectId&returnACL=true`,
      ].sort(),
    );
  });

  it('asks for no data a role that may not read it would be refused', async () => {
    const { calls } = stub(['schema.read', 'users.read']);
    const queryClient = testQueryClient();
    await prefetchOpenedUrl(queryClient, { pathname: '/apps/default/data/Event', search: '' });
    expect(queryClient.getQueryState(['auth', 'session'])?.status).toBe('success');
    expect(paths(calls)).toEqual(['/api/session']);
  });

  it('asks only for the session on other pages', () => {
    const { calls } = stub();
    void prefetchOpenedUrl(testQueryClient(), { pathname: '/apps/default/users', search: '' });
    expect(paths(calls)).toEqual(['/api/session']);
  });

  it('leaves the page nothing to ask again: its first rows come from the request under way', async () => {
    const { calls } = stub();
    const queryClient = testQueryClient();
    await prefetchOpenedUrl(queryClient, { pathname: '/apps/default/data/Event', search: '' });
    renderRoutes(
      [{ path: '/apps/:app/data/:className', element: <ClassObjectsPage /> }],
      '/apps/default/data/Event',
      queryClient,
    );

    const grid = await screen.findByRole('grid', { name: 'Event' });
    await within(grid).findByText('e1');
    const rows = paths(calls).filter((p) => p.startsWith(`${API}/classes/Event?`) && !p.includes('count=1'));
    expect(rows).toEqual([`${API}/classes/Event?skip=0&limit=200&order=-createdAt&returnACL=true`]);
    expect(paths(calls).filter((p) => p === `${API}/schemas`)).toHaveLength(1);
    expect(paths(calls).filter((p) => p === '/api/apps/default/layouts/Event')).toHaveLength(1);
  });
});
