import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { appPermissionsOf } from '@switchboard/shared';
import type { ConsoleRole } from '@switchboard/shared';
import { json, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { routes } from './routes';
// Loaded first, so a test waits for rendering, not for the first transform of a lazy module.
import '../features/users/pages';
import './shell';

/** Our server today: storage and push, no instant messaging yet. */
const OURS = { storage: true, push: true, im: false, schemaWrite: false };

function signedIn(role: ConsoleRole, areas: Record<string, boolean> = OURS) {
  const permissions = appPermissionsOf(role);
  return stubFetch({
    'GET /api/session': () =>
      json(200, {
        user: { id: 'u1', email: `${role}@example.com`, role, appRoles: {} },
        permissions,
        appPermissions: { default: permissions },
      }),
    'GET /api/preferences': () => json(200, { preferences: { language: null, theme: null, timeZone: null } }),
    'GET /api/apps': () => json(200, { apps: [{ id: 'default', name: 'Demo store', appId: 'demo-app-id' }] }),
    'GET /api/apps/default/capabilities': () =>
      json(200, { app: 'default', reachable: true, source: 'probe', areas }),
    'GET /api/apps/default/1.1/users': () => json(200, { results: [], count: 0 }),
  });
}

/** The names of the app areas the menu lists, once the app's answer is in. */
async function menu(expected: string[]) {
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  await waitFor(() =>
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(expected),
  );
}

describe('areas by role and by what the app offers', () => {
  it('lands an operator on Push and lists only Push and Settings', async () => {
    signedIn('operator');
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/push'));
    await menu(['Push', 'Settings']);
  });

  it('lists Messaging for an operator once the app offers instant messaging', async () => {
    signedIn('operator', { ...OURS, im: true });
    renderRoutes(routes, '/apps/default/settings');
    await menu(['Push', 'Messaging', 'Settings']);
  });

  it('lands support on Users and lists only Users and Settings', async () => {
    signedIn('support');
    const { router } = renderRoutes(routes, '/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/default/users'));
    await menu(['Users', 'Settings']);
  });

  it('refuses a deep link into data once, with none of the data frame and no request for it', async () => {
    const { calls } = signedIn('operator');
    renderRoutes(routes, '/apps/default/data/Product');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role in this app (Operator) cannot open Data: it needs the data.read permission.',
    );
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    // The way on, once the app has said it offers push.
    expect(await screen.findByRole('link', { name: 'Go to Push' })).toHaveAttribute(
      'href',
      '/apps/default/push',
    );
    expect(screen.queryByRole('navigation', { name: 'Classes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Rows/)).not.toBeInTheDocument();
    expect(calls.filter((c) => c.url.pathname.startsWith('/api/apps/default/1.1/'))).toEqual([]);
  });

  it('refuses support’s deep link to a role, and sends them on to Users', async () => {
    signedIn('support');
    renderRoutes(routes, '/apps/default/roles/r1');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role in this app (Support) cannot open Roles: it needs the roles.read permission.',
    );
    expect(await screen.findByRole('link', { name: 'Go to Users' })).toHaveAttribute(
      'href',
      '/apps/default/users',
    );
  });

  it('says an area is not offered by the app, rather than refusing the role', async () => {
    signedIn('viewer', { ...OURS, push: false });
    renderRoutes(routes, '/apps/default/push');
    expect(await screen.findByRole('alert')).toHaveTextContent('This app does not offer Push.');
    await menu(['Data', 'Users', 'Roles', 'Settings']);
  });
});
