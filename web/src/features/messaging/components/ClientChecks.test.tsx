import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../../../test/fetch';
import { renderRoutes } from '../../../test/render';
import { ClientDevicesPanel } from './ClientDevicesPanel';
import { SignCheckPanel } from './SignCheckPanel';

const at = '2026-01-01T00:00:00.000Z';
const routes = [
  {
    path: '/apps/:app/messaging/clients/:clientId',
    element: (
      <>
        <ClientDevicesPanel app="default" id="alice" />
        <SignCheckPanel app="default" id="alice" />
      </>
    ),
  },
];
const page = '/apps/default/messaging/clients/alice';

function session(permissions: string[]) {
  return () =>
    json(200, {
      user: { id: 'c1', email: 'someone@example.com', role: 'developer', appRoles: {} },
      permissions,
      appPermissions: { default: permissions },
    });
}

const phone = {
  objectId: 'i1',
  createdAt: at,
  updatedAt: at,
  deviceType: 'ios',
  deviceToken: '[redacted]',
  channels: ['alice', 'news'],
};

describe('the client page’s devices and signature check', { timeout: 30_000 }, () => {
  it('lists the installations whose channels hold the client, token hidden, and no check without secrets.read', async () => {
    const { calls } = stubFetch({
      'GET /api/session': session(['im.read', 'installations.read']),
      'GET /api/apps/default/1.1/installations': () => json(200, { results: [phone] }),
    });
    renderRoutes(routes, page);
    const devices = await screen.findByRole('region', { name: 'Devices' });
    const row = await within(devices).findByTestId('device-i1');
    expect(row).toHaveTextContent('hidden');
    expect(row).toHaveTextContent('news');
    const asked = calls.find((c) => c.url.pathname.endsWith('/installations'));
    expect(JSON.parse(asked?.url.searchParams.get('where') ?? '')).toEqual({ channels: 'alice' });
    expect(screen.queryByRole('region', { name: 'Signature check' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname.endsWith('/rtm/clients/sign'))).toBe(false);
  });

  it('shows neither panel to a role without installations.read or secrets.read', async () => {
    const { calls } = stubFetch({ 'GET /api/session': session(['im.read', 'im.moderate']) });
    renderRoutes(routes, page);
    // The session is read first; after it, nothing else is asked.
    await expect.poll(() => calls.length).toBe(1);
    expect(screen.queryByRole('region', { name: 'Devices' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Signature check' })).not.toBeInTheDocument();
  });

  it('says when no device names the client', async () => {
    stubFetch({
      'GET /api/session': session(['installations.read']),
      'GET /api/apps/default/1.1/installations': () => json(200, { results: [] }),
    });
    renderRoutes(routes, page);
    expect(await screen.findByText('No installation names this client in its channels.')).toBeInTheDocument();
  });

  it('checks a session: the signature when allowed, the hook’s words when refused', async () => {
    const answers = [
      json(200, { client_id: 'alice', nonce: 'n1', timestamp: 1_767_225_600, signature: 'abc123' }),
      consoleError(403, 'upstream_error', 'Not allowed to chat today.'),
    ];
    const { calls } = stubFetch({
      'GET /api/session': session(['im.read', 'installations.read', 'secrets.read']),
      'GET /api/apps/default/1.1/installations': () => json(200, { results: [] }),
      'GET /api/apps/default/1.2/rtm/clients/sign': () => answers.shift()!,
    });
    const { user } = renderRoutes(routes, page);
    const sign = await screen.findByRole('region', { name: 'Signature check' });
    const check = within(sign).getByRole('button', { name: 'Check' });
    expect(check).toBeDisabled();
    await user.type(within(sign).getByLabelText('Session token'), 'r:token-1');
    await user.click(check);
    expect(await within(sign).findByText('Allowed: a login signature for alice.')).toBeInTheDocument();
    expect(sign).toHaveTextContent('"signature": "abc123"');
    const asked = calls.find((c) => c.url.pathname.endsWith('/rtm/clients/sign'));
    expect(asked?.url.searchParams.get('session_token')).toBe('r:token-1');

    await user.click(check);
    expect(await within(sign).findByText('Refused (403): Not allowed to chat today.')).toBeInTheDocument();
    expect(sign).not.toHaveTextContent('abc123');
  });
});
