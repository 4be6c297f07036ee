import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { GatewaysSection } from './GatewaysSection';

const routes = [{ path: '/apps/:app/push/overview', element: <GatewaysSection app="default" /> }];
const session = () =>
  json(200, {
    user: { id: 'c1', email: 'v@example.com', role: 'viewer', appRoles: {} },
    permissions: ['push.read'],
    appPermissions: { default: ['push.read'] },
  });

describe('the push gateways section', () => {
  it('lists configured channels by name, profile and adapter', async () => {
    stubFetch({
      'GET /api/session': session,
      'GET /api/apps/default/1.1/switchboard/push/gateways': () =>
        json(200, {
          configured: true,
          channels: [
            { channel: 'ios', profiles: [{ name: '_default', gateway: 'apns' }] },
            { channel: 'hms', profiles: [{ name: 'beta', gateway: 'huawei' }] },
          ],
        }),
    });
    renderRoutes(routes, '/apps/default/push/overview');
    const table = await screen.findByTestId('push-gateways');
    const rows = within(table)
      .getAllByRole('row')
      .map((r) => r.textContent);
    expect(rows).toEqual(['ChannelProfileAdapter', 'iOS (APNs)_defaultapns', 'Huaweibetahuawei']);
  });

  it('says when nothing is configured', async () => {
    stubFetch({
      'GET /api/session': session,
      'GET /api/apps/default/1.1/switchboard/push/gateways': () =>
        json(200, { configured: false, channels: [] }),
    });
    renderRoutes(routes, '/apps/default/push/overview');
    expect(await screen.findByTestId('push-gateways-none')).toHaveTextContent(
      /every delivery goes to the recorder/,
    );
  });
});
