import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { pickTypeAndSubmit } from '../../../test/events';
import { renderRoutes } from '../../../test/render';
import { ConversationsPage } from './ConversationsPage';

const routes = [{ path: '/apps/:app/messaging', element: <ConversationsPage /> }];
const LIST = '/api/apps/default/1.2/rtm/all-conversations';

const AT = '2026-11-29T10:00:00.000Z';
const CONVS = [
  { objectId: 'c1', name: 'Shop staff', m: ['alice', 'bo'], c: 'alice', createdAt: AT },
  { objectId: 'c2', name: 'Deals lobby', tr: true, c: 'alice', createdAt: AT },
];

function session() {
  return json(200, {
    user: { id: 'u1', email: 'sup@example.com', role: 'support', appRoles: {} },
    permissions: ['im.read'],
    appPermissions: { default: ['im.read'] },
  });
}

/** Answers the list as the server would for the two `where` forms the page sends. */
function list({ url }: { url: URL }) {
  const where = JSON.parse(url.searchParams.get('where') ?? '{}') as Record<string, unknown>;
  const results = CONVS.filter((c) =>
    typeof where.m === 'string' ? (c.m ?? []).includes(where.m) : where.name === undefined,
  );
  return json(200, { results, count: results.length });
}

describe('the conversations list', { timeout: 30_000 }, () => {
  it('searches by the field just picked, even when Search follows the pick at once', async () => {
    const { calls } = stubFetch({ 'GET /api/session': session, [`GET ${LIST}`]: list });
    const { router } = renderRoutes(routes, '/apps/default/messaging');
    const table = await screen.findByRole('table', { name: 'Conversations' });
    expect(within(table).getByRole('link', { name: 'Deals lobby' })).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search for' });
    const submit = screen.getByRole('button', { name: 'Search' });
    await pickTypeAndSubmit(
      screen.getByRole('combobox', { name: 'Search by' }),
      'Member',
      search,
      ' bo ',
      submit,
    );

    await waitFor(() => expect(router.state.location.search).toBe('?by=member&q=bo'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Deals lobby' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('link', { name: 'Shop staff' })).toHaveLength(1);
    const wheres = calls.filter((c) => c.url.pathname === LIST).map((c) => c.url.searchParams.get('where'));
    expect(wheres.at(-1)).toBe(JSON.stringify({ m: 'bo' }));
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveTextContent('Member');
  });

  it('shows the field and term of the URL, and follows the URL when it changes', async () => {
    stubFetch({ 'GET /api/session': session, [`GET ${LIST}`]: list });
    const { router } = renderRoutes(routes, '/apps/default/messaging?by=member&q=bo');
    expect(await screen.findByRole('link', { name: 'Shop staff' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveTextContent('Member');
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('bo');

    await router.navigate('/apps/default/messaging');
    expect(await screen.findByRole('link', { name: 'Deals lobby' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Search by' })).toHaveTextContent('Name');
    expect(screen.getByRole('searchbox', { name: 'Search for' })).toHaveValue('');
  });
});
