import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { OverviewPage } from './OverviewPage';

const routes = [{ path: '/apps/:app/messaging/overview', element: <OverviewPage /> }];
const STATS = '/api/apps/default/1.1/switchboard/im/stats';

function days(n: number, figures: Record<string, [number, number]> = {}) {
  const today = Date.UTC(2026, 10, 29);
  return Array.from({ length: n }, (_, i) => {
    const day = new Date(today - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10);
    const [users, messages] = figures[day] ?? [0, 0];
    return { day, users, messages };
  });
}

const stats = (n: number, over: Record<string, unknown> = {}) => ({
  result: {
    onlineNow: 3,
    usersToday: 5,
    timeZone: 'UTC',
    bucketMinutes: 5,
    days: days(n, { '2026-11-28': [4, 120], '2026-11-29': [5, 30] }),
    online: [{ at: new Date(Math.floor(Date.now() / 300_000) * 300_000).toISOString(), count: 7 }],
    ...over,
  },
});

function session() {
  return json(200, {
    user: { id: 'c1', email: 'sup@example.com', role: 'support', appRoles: {} },
    permissions: ['im.read'],
    appPermissions: { default: ['im.read'] },
  });
}

describe('the messaging Overview', { timeout: 30_000 }, () => {
  it('shows online now, users today and each chart as a table, and reads the chosen period', async () => {
    const { calls } = stubFetch({
      'GET /api/session': session,
      [`GET ${STATS}`]: ({ url }) => json(200, stats(Number(url.searchParams.get('days')))),
    });
    const { user } = renderRoutes(routes, '/apps/default/messaging/overview');
    expect(await screen.findByTestId('im-online-now')).toHaveTextContent('Online now3');
    expect(screen.getByTestId('im-users-today')).toHaveTextContent('Users today5');
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');

    const messages = screen.getByRole('table', { name: 'Messages per day' });
    expect(within(messages).getAllByRole('row')).toHaveLength(31);
    expect(within(messages).getByRole('row', { name: '2026-11-28 120' })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /150 in all, 30 today/ })).toBeInTheDocument();
    expect(screen.getByRole('figure', { name: /at most 7, at .*; 3 now/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Users per day' })).getByRole('row', { name: '2026-11-29 5' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('im-overview-empty')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '7 days' }));
    expect(await screen.findByRole('figure', { name: /Messages per day over 7 days/ })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Messages per day' })).getAllByRole('row')).toHaveLength(
      8,
    );
    expect(calls.map((c) => c.url.searchParams.get('days'))).toEqual(expect.arrayContaining(['30', '7']));
  });

  it('says so when nothing happened yet', async () => {
    stubFetch({
      'GET /api/session': session,
      [`GET ${STATS}`]: () =>
        json(200, stats(30, { onlineNow: 0, usersToday: 0, days: days(30), online: [] })),
    });
    renderRoutes(routes, '/apps/default/messaging/overview');
    expect(await screen.findByTestId('im-overview-empty')).toHaveTextContent(/No messages, logins/);
    expect(screen.getByRole('figure', { name: /no samples yet/ })).toBeInTheDocument();
  });

  it('shows the error with a retry', async () => {
    stubFetch({
      'GET /api/session': session,
      [`GET ${STATS}`]: () => consoleError(403, 'forbidden', 'You may not read messaging statistics.'),
    });
    renderRoutes(routes, '/apps/default/messaging/overview');
    expect(await screen.findByText(/You may not read messaging statistics/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
