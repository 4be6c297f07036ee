import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import type { StubRequest } from '../../../test/fetch';
import { fakeLayoutInThisFile } from '../../../test/layout';
import { renderRoutes } from '../../../test/render';
import { API, capabilities, schemas, sessionWith, stats } from './classes/fixtures';
import { classKeys } from '../api/keys';
import { ClassObjectsPage } from './ClassObjectsPage';
import { ROW_HEIGHT } from './grid-styles';

fakeLayoutInThisFile(2400, 600);

const routes = [{ path: '/apps/:app/data/:className', element: <ClassObjectsPage /> }];
/** Event i, newest first: the default order (-createdAt) lists e0, e1, e2... */
const event = (i: number) => {
  const at = new Date(Date.UTC(2024, 4, 1) - i * 1000).toISOString();
  return { objectId: `e${String(i).padStart(6, '0')}`, createdAt: at, updatedAt: at };
};
const EVENTS = 25_301;

/** The rows a request asks for: by skip, or after the row a keyset `where` names. */
function answer({ url }: StubRequest) {
  const limit = Number(url.searchParams.get('limit'));
  const where = url.searchParams.get('where');
  const cursor = where ? (JSON.parse(where) as { $or?: { objectId?: { $lt: string } }[] }) : {};
  const after = cursor.$or?.[1]?.objectId?.$lt;
  const from = after ? Number(after.slice(1)) + 1 : Number(url.searchParams.get('skip') ?? 0);
  const results = [];
  for (let i = from; i < Math.min(from + limit, EVENTS); i++) results.push(event(i));
  return json(200, { results });
}

/** A large class (estimated 25,300 objects) whose exact count comes only when `count()` is called. */
function stub(rows: (req: StubRequest) => Response = answer) {
  let answerCount: () => void = () => {};
  const counted = new Promise<void>((resolve) => (answerCount = resolve));
  const { calls } = stubFetch({
    'GET /api/session': sessionWith(['data.read', 'schema.read']),
    'GET /api/apps/default/capabilities': capabilities(true),
    [`GET ${API}/schemas`]: () => json(200, schemas),
    [`GET ${API}/switchboard/class-stats`]: stats,
    [`GET ${API}/classes/Event`]: async (req) => {
      if (req.url.searchParams.get('count') !== '1') return rows(req);
      await counted;
      return json(200, { results: [], count: EVENTS });
    },
  });
  return { calls, answerCount };
}
const twoEvents = () => json(200, { results: [event(0), event(1)] });

/** What the scrolling grid's status line announces: the rows in view once the scroll has stopped. */
const rowsStatus = () => screen.getAllByRole('status').find((s) => s.textContent?.startsWith('Rows'));

// Each test renders the whole page and waits on several requests: slow on a busy machine.
describe('ClassObjectsPage, scrolling through the whole class', { timeout: 20_000 }, () => {
  it('asks for a first block without the count, sized to the estimate, then to the exact total', async () => {
    const { calls, answerCount } = stub();
    renderRoutes(routes, '/apps/default/data/Event');

    const grid = await screen.findByRole('grid', { name: 'Event' });
    await within(grid).findByText('e000000');
    await waitFor(() => expect(rowsStatus()).toHaveTextContent(/^Rows 1–\d+ of ≈ 25.3K$/));
    expect(grid).toHaveAttribute('aria-rowcount', '25301');
    const first = calls.find((c) => c.url.searchParams.get('limit') === '200');
    expect(first?.url.searchParams.get('order')).toBe('-createdAt');
    expect(first?.url.searchParams.has('count')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();

    answerCount();
    await waitFor(() => expect(rowsStatus()).toHaveTextContent(/^Rows 1–\d+ of 25,301$/));
    expect(grid).toHaveAttribute('aria-rowcount', '25302');
  });

  it('loads the next block by a keyset seek from the last row of the one before', async () => {
    const { calls } = stub();
    renderRoutes(routes, '/apps/default/data/Event');
    const grid = await screen.findByRole('grid', { name: 'Event' });
    await within(grid).findByText('e000000');

    grid.scrollTop = 300 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    await within(grid).findByText('e000305');
    const seek = calls.find((c) => c.url.searchParams.has('where'));
    expect(seek?.url.searchParams.get('skip')).toBe('0');
    expect(JSON.parse(seek!.url.searchParams.get('where')!)).toEqual({
      createdAt: { $lte: { __type: 'Date', iso: event(199).createdAt } },
      $or: [
        { createdAt: { $lt: { __type: 'Date', iso: event(199).createdAt } } },
        { objectId: { $lt: 'e000199' } },
      ],
    });
    await waitFor(() => expect(rowsStatus()).toHaveTextContent(/^Rows 30\d–/));
  });

  it('keeps the grid while a block dropped from the cache, even the first, loads again', async () => {
    stub();
    const { queryClient } = renderRoutes(routes, '/apps/default/data/Event');
    const grid = await screen.findByRole('grid', { name: 'Event' });
    await within(grid).findByText('e000000');
    grid.scrollTop = 1000 * ROW_HEIGHT;
    fireEvent.scroll(grid);
    await within(grid).findByText('e001005');

    queryClient.removeQueries({ queryKey: classKeys.detail('default', 'Event') });
    grid.scrollTop = 0;
    fireEvent.scroll(grid);
    expect(screen.getByRole('grid', { name: 'Event' })).toBe(grid);
    await within(grid).findByText('e000000');
  });
});

describe('ClassObjectsPage, page by page', { timeout: 20_000 }, () => {
  it('shows the rows before the count, with the estimate meanwhile, then the exact total', async () => {
    const { calls, answerCount } = stub(twoEvents);
    renderRoutes(routes, '/apps/default/data/Event?pageSize=100');

    const grid = await screen.findByRole('grid', { name: 'Event' });
    await within(grid).findByText('e000000');
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
    const { calls, answerCount } = stub(twoEvents);
    const where = JSON.stringify({ objectId: 'e000001' });
    renderRoutes(routes, `/apps/default/data/Event?pageSize=100&where=${encodeURIComponent(where)}`);

    await within(await screen.findByRole('grid', { name: 'Event' })).findByText('e000000');
    expect(await screen.findByText('Rows 1–2')).toBeInTheDocument();
    const count = calls.find((c) => c.url.searchParams.get('count') === '1');
    expect(Object.fromEntries(count!.url.searchParams)).toEqual({ where, count: '1', limit: '0' });
    answerCount();
    expect(await screen.findByText('Rows 1–2 of 25,301')).toBeInTheDocument();
  });
});
