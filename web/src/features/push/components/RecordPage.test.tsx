import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { RecordPage } from './RecordPage';

const routes = [
  { path: '/apps/:app/push', element: <p>records list</p> },
  { path: '/apps/:app/push/records/:pushId', element: <RecordPage /> },
];

const record = (status: string) => ({
  objectId: 'p1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  notificationId: 'n1',
  data: { ios: { alert: { title: 'T', body: 'iOS text' } }, android: { alert: 'Android text' } },
  where: { channels: { $in: ['news'] } },
  prod: 'prod',
  status,
  devices: 3,
  successes: 2,
  iosSuccesses: 1,
  miSuccesses: 1,
  invalidTokens: 1,
  errors: ['vivo takes no silent messages'],
  'from-service': 'push',
});

function server(permissions: string[], status: string) {
  return stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'op@example.com', role: 'operator', appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
    'GET /api/apps/default/1.1/notifications/p1': () => json(200, record(status)),
    'DELETE /api/apps/default/1.1/notifications/p1': () => json(200, {}),
  });
}

describe('a push record', { timeout: 30_000 }, () => {
  it('shows every payload variant, the counts per channel and the errors; cancels after saying what that undoes', async () => {
    const { calls } = server(['push.read', 'push.write'], 'running');
    const { user, router } = renderRoutes(routes, '/apps/default/push/records/p1');
    expect(
      await screen.findByRole('heading', { name: 'iOS: iOS text / Android: Android text' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'ios' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'android' })).toBeInTheDocument();
    expect(screen.getByText('#news')).toBeInTheDocument();
    expect(screen.getByTestId('count-ios')).toHaveTextContent('1');
    expect(screen.getByTestId('count-mi')).toHaveTextContent('1');
    expect(screen.getByTestId('count-invalid')).toHaveTextContent('1');
    expect(screen.getByText('vivo takes no silent messages')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Cancel push' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this push?' });
    expect(within(dialog).getByText(/already handed to a gateway .* are not recalled/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the push' }));
    await screen.findByText('records list');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
    expect(router.state.location.pathname).toBe('/apps/default/push');
  });

  it('offers no cancel for a done push, and neither cancel nor duplicate to a reader', async () => {
    server(['push.read', 'push.write'], 'done');
    renderRoutes(routes, '/apps/default/push/records/p1');
    expect(await screen.findByRole('link', { name: 'Duplicate' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel push' })).toBeNull();
    const timeline = within(screen.getByRole('list', { name: 'Timeline' })).getAllByRole('listitem');
    expect(timeline.map((li) => li.textContent?.replace(/^.* — /, ''))).toEqual(['Created', 'Ended: Done']);
  });

  it('shows a reader the record without controls', async () => {
    server(['push.read'], 'running');
    renderRoutes(routes, '/apps/default/push/records/p1');
    expect(await screen.findByTestId('count-devices')).toHaveTextContent('3');
    expect(screen.queryByRole('link', { name: 'Duplicate' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel push' })).toBeNull();
  });
});
