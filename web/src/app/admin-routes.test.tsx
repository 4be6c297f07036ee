import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { consoleError, json, stubFetch } from '../test/fetch';
import { renderRoutes } from '../test/render';
import { routes } from './routes';
// Loaded first, so a test waits for rendering, not for the first transform of a lazy module.
import '../features/admin/pages';
import './shell';

const user = (role: string) => ({ id: 'u1', email: `${role}@example.com`, role, appRoles: {} });

function signedIn(role: 'admin' | 'developer', permissions: string[]) {
  return stubFetch({
    'GET /api/session': () =>
      json(200, { user: user(role), permissions, appPermissions: { default: permissions } }),
    'GET /api/preferences': () => json(200, { preferences: { language: null, theme: null, timeZone: null } }),
    'GET /api/apps': () => json(200, { apps: [{ id: 'default', name: 'Demo store', appId: 'demo-app-id' }] }),
    'GET /api/console-users': () =>
      role === 'admin'
        ? json(200, { users: [] })
        : consoleError(403, 'forbidden', 'Managing console users needs the admin role.'),
    'GET /api/audit': () => json(200, { results: [], nextCursor: null }),
    'GET /api/apps/default/capabilities': () =>
      json(200, {
        app: 'default',
        reachable: true,
        source: 'probe',
        areas: { storage: true, push: true, im: false, schemaWrite: true },
      }),
  });
}

describe('admin pages', () => {
  it('lists the admin pages in the navigation of a session that may open them', async () => {
    signedIn('admin', ['data.read', 'console_users.manage', 'audit.read']);
    const { user: u, router } = renderRoutes(routes, '/apps/default/admin/users');
    expect(await screen.findByRole('heading', { name: 'Console users' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Console users' })).toHaveAttribute(
      'href',
      '/apps/default/admin/users',
    );
    await u.click(within(nav).getByRole('link', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { name: 'Audit log' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/admin/audit');
  });

  it('leaves them out for others, and a typed address shows one refusal without asking the server', async () => {
    const { calls } = signedIn('developer', ['data.read']);
    renderRoutes(routes, '/apps/default/admin/users');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your role (Developer) cannot open Console users: it needs the console_users.manage permission.',
    );
    expect(screen.getByRole('link', { name: 'Go to Data' })).toHaveAttribute('href', '/apps/default/data');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url.pathname === '/api/console-users')).toBe(false);
    const nav = screen.getByRole('navigation', { name: 'Console sections' });
    expect(within(nav).getByRole('link', { name: 'Data' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Console users' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Audit log' })).not.toBeInTheDocument();
  });
});
