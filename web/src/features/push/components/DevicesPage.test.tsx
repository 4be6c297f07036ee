import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
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
  },
];

function server() {
  return stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'c1', email: 'op@example.com', role: 'operator', appRoles: {} },
        permissions: ['push.read', 'push.write', 'installations.read'],
        appPermissions: { default: ['push.read', 'push.write', 'installations.read'] },
      }),
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
});
