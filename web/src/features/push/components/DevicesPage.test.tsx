import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { pickTypeAndSubmit } from '../../../test/events';
import { renderRoutes } from '../../../test/render';
import { DevicesPage } from './DevicesPage';

const routes = [{ path: '/apps/:app/push/devices', element: <DevicesPage /> }];
const at = '2026-01-01T00:00:00.000Z';
const devices = [
  {
    objectId: 'i1',
    createdAt: at,
    updatedAt: at,
    deviceType: 'ios',
    deviceToken: '[redacted]',
    channels: ['news'],
  },
  {
    objectId: 'i2',
    createdAt: at,
    updatedAt: at,
    deviceType: 'android',
    vendor: 'mi',
    installationId: 'phone-2',
    registrationId: 'mi-reg',
    owner: { __type: 'Pointer', className: '_User', objectId: 'u9' },
    appVersion: '2.0',
  },
];

function server(permissions = ['push.read', 'push.write', 'installations.read']) {
  return stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'op@example.com', role: 'operator', appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
    'PUT /api/apps/default/1.1/installations/i2': () => json(200, { updatedAt: at }),
    'DELETE /api/apps/default/1.1/installations/i2': () => json(200, {}),
    'GET /api/apps/default/1.1/installations': ({ url }) => {
      if (url.searchParams.get('limit') === '0') {
        const where = JSON.parse(url.searchParams.get('where') ?? '{}') as Record<string, unknown>;
        const count = where.deviceType === 'ios' ? 1 : where.vendor === 'mi' ? 1 : 0;
        return json(200, { results: [], count });
      }
      return json(200, { results: devices, count: 2 });
    },
    'POST /api/apps/default/push/test-send': () => json(200, { objectId: 'p7', createdAt: at }),
    'GET /api/apps/default/1.1/switchboard/push/deliveries': () =>
      json(200, { results: [{ deviceToken: 'x', channel: 'ios', payload: {}, createdAt: at }] }),
  });
}

describe('the Devices page', { timeout: 30_000 }, () => {
  it('lists installations with counts by platform, hides tokens, and test-sends by objectId', async () => {
    const { calls } = server();
    const { user } = renderRoutes(routes, '/apps/default/push/devices');
    const table = await screen.findByRole('table', { name: 'Devices' });
    const ios = within(table).getByTestId('device-i1');
    expect(ios).toHaveTextContent('hidden');
    expect(within(table).getByTestId('device-i2')).toHaveTextContent('u9');
    expect(await screen.findByText('Xiaomi: 1')).toBeInTheDocument();
    expect(screen.getByText('iOS: 1')).toBeInTheDocument();

    await user.click(within(ios).getByRole('button', { name: 'Test send to ios i1' }));
    const dialog = screen.getByRole('dialog', { name: 'Test push to ios i1' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Text' }), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send test' }));
    expect(await within(dialog).findByText(/Delivered to ios i1 through ios\./)).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST');
    expect(sent?.body).toEqual({ installation: 'i1', data: { alert: 'Hello' } });
  });

  it('opens an installation: expiry, custom fields, last sent; a writer edits channels and deletes it', async () => {
    const { calls } = server(['push.read', 'installations.read', 'data.write']);
    const { user } = renderRoutes(routes, '/apps/default/push/devices');
    const row = await screen.findByTestId('device-i2');
    await user.click(within(row).getByRole('button', { name: 'Details of android phone-2' }));
    const dialog = screen.getByRole('dialog', { name: 'android phone-2' });
    // Last active 2026-01-01: not targeted after 90 days, on 2026-04-01.
    expect(within(dialog).getByText('Stops being targeted').nextSibling).toHaveTextContent('2026-04-01');
    expect(within(dialog).getByText('appVersion').nextSibling).toHaveTextContent('2.0');
    expect(await within(dialog).findByTestId('device-deliveries')).toHaveTextContent('ios');
    const deliveries = calls.find((c) => c.url.pathname.endsWith('/push/deliveries'));
    expect(deliveries?.url.searchParams.get('installation')).toBe('i2');

    const channels = within(dialog).getByRole('combobox', { name: 'Channels' });
    await user.type(channels, 'vip{Enter}');
    await user.click(within(dialog).getByRole('button', { name: 'Save channels' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ channels: ['vip'] }));

    await user.click(within(dialog).getByRole('button', { name: 'Delete installation' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete android phone-2?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows channels read-only, and no delete, to a role that may not write', async () => {
    server();
    const { user } = renderRoutes(routes, '/apps/default/push/devices');
    const row = await screen.findByTestId('device-i1');
    await user.click(within(row).getByRole('button', { name: 'Details of ios i1' }));
    const dialog = screen.getByRole('dialog', { name: 'ios i1' });
    expect(within(dialog).queryByRole('combobox', { name: 'Channels' })).toBeNull();
    expect(within(dialog).getByText('news')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Delete installation' })).toBeNull();
  });

  it('keeps a platform just picked when a search follows at once, before the page has drawn it', async () => {
    const { calls } = server();
    const { router } = renderRoutes(routes, '/apps/default/push/devices?page=2');
    await screen.findByRole('table', { name: 'Devices' });
    const search = screen.getByRole('textbox', { name: /^Search/ });
    const submit = screen.getByRole('button', { name: 'Search' });
    await pickTypeAndSubmit(
      screen.getByRole('combobox', { name: 'Platform' }),
      'iOS',
      search,
      'news',
      submit,
    );
    await waitFor(() => expect(router.state.location.search).toBe('?platform=ios&q=news'));
    await waitFor(() => {
      const lists = calls.filter(
        (c) =>
          c.url.pathname === '/api/apps/default/1.1/installations' && c.url.searchParams.get('limit') !== '0',
      );
      const where = JSON.parse(lists.at(-1)?.url.searchParams.get('where') ?? '{}') as Record<
        string,
        unknown
      >;
      expect(JSON.stringify(where)).toContain('"ios"');
      expect(JSON.stringify(where)).toContain('news');
    });
  });
});
