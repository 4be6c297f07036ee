import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { fakeLayoutInThisFile } from '../../../test/layout';
import { renderRoutes } from '../../../test/render';
import { API, capabilities, schemas, sessionWith, stats } from './classes/fixtures';
import { ClassObjectsPage } from './ClassObjectsPage';

fakeLayoutInThisFile(2400, 600);

const routes = [{ path: '/apps/:app/data/:className', element: <ClassObjectsPage /> }];
const events = [1, 2].map((i) => ({
  objectId: `e${i}`,
  createdAt: '2024-05-01T12:00:00.000Z',
  updatedAt: '2024-05-01T12:00:00.000Z',
}));

/** A large class (estimated 25,300 objects) whose exact count comes only when `count()` is called. */
function stub() {
  let answerCount: () => void = () => {};
  const counted = new Promise<void>((resolve) => (answerCount = resolve));
  const { calls } = stubFetch({
    'GET /api/session': sessionWith(['data.read', 'schema.read']),
    'GET /api/apps/default/capabilities': capabilities(true),
    [`GET ${API}/schemas`]: () => json(200, schemas),
    [`GET ${API}/switchboard/class-stats`]: stats,
    [`GET ${API}/classes/Event`]: async ({ url }) => {
      if (url.searchParams.get('count') !== '1') return json(200, { results: events });
      await counted;
      return json(200, { results: [], count: 25_301 });
    },
  });
  return { calls, answerCount };
}

describe('ClassObjectsPage', () => {
  it('shows the rows before the count, with the estimate meanwhile, then the exact total', async () => {
    const { calls, answerCount } = stub();
    renderRoutes(routes, '/apps/default/data/Event');

    const grid = await screen.findByRole('grid', { name: 'Event' });
    await within(grid).findByText('e1');
    expect(await screen.findByText('Rows 1–2 of ≈ 25.3K')).toBeInTheDocument();
    const page = calls.find((c) => c.url.searchParams.get('limit') === '100');
    expect(page?.url.searchParams.has('count')).toBe(false);
    const count = calls.find((c) => c.url.searchParams.get('count') === '1');
    expect(Object.fromEntries(count!.url.searchParams)).toEqual({ count: '1', limit: '0' });

    answerCount();
    expect(await screen.findByText('Rows 1–2 of 25,301')).toBeInTheDocument();
    expect(grid).toHaveAttribute('aria-rowcount', '25302');
  });

  it('counts a filtered query with its where, and shows no estimate for it', async () => {
    const { calls, answerCount } = stub();
    const where = JSON.stringify({ objectId: 'e1' });
    renderRoutes(routes, `/apps/default/data/Event?where=${encodeURIComponent(where)}`);

    await within(await screen.findByRole('grid', { name: 'Event' })).findByText('e1');
    expect(await screen.findByText('Rows 1–2')).toBeInTheDocument();
    const count = calls.find((c) => c.url.searchParams.get('count') === '1');
    expect(Object.fromEntries(count!.url.searchParams)).toEqual({ where, count: '1', limit: '0' });
    answerCount();
    expect(await screen.findByText('Rows 1–2 of 25,301')).toBeInTheDocument();
  });
});
