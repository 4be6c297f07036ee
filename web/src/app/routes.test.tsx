import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { appPermissionsOf, CSRF_HEADER } from '@switchboard/shared';
import { consoleError, json, stubFetch } from '../test/fetch';
import type { StubHandler } from '../test/fetch';
import { fakeLayoutInThisFile } from '../test/layout';
import { renderRoutes } from '../test/render';
import { routes } from './routes';
// The routes load these on demand; loaded here first, so a test waits for rendering, not for
// the test runner transforming a module on first import.
import '../features/auth/pages';
import '../features/data';
import '../features/roles';
import '../features/settings/pages';
import './shell';

fakeLayoutInThisFile(2400, 600);

const session = {
  user: { id: 'u1', email: 'dev@example.com', role: 'developer', appRoles: {} },
  permissions: appPermissionsOf('developer'),
  appPermissions: { default: appPermissionsOf('developer') },
};
/** A LeanCloud app: every area, instant messaging included, and no schema writes. */
const everything = {
  app: 'default',
  reachable: true,
  source: 'probe',
  areas: { storage: true, push: true, im: true, schemaWrite: false },
};
const products = Array.from({ length: 52 }, (_, i) => ({
  objectId: `p${i}`,
  createdAt: '2024-05-01T12:00:00.000Z',
  updatedAt: '2024-05-01T12:00:00.000Z',
  name: `Product ${i}`,
}));

const classes: StubHandler = ({ url }) => {
  const count = url.searchParams.get('count') === '1' ? { count: products.length } : {};
  const skip = Number(url.searchParams.get('skip'));
  const limit = Number(url.searchParams.get('limit'));
  return json(200, { results: products.slice(skip, skip + limit), ...count });
};

function signedIn(extra: Record<string, StubHandler> = {}) {
  return stubFetch({
    'GET /api/session': () => json(200, session),
    'DELETE /api/session': () => json(200, {}),
    'GET /api/setup': () => json(200, { needed: false }),
    'GET /api/preferences': () => json(200, { preferences: { language: null, theme: null, timeZone: null } }),
    'GET /api/apps': () => json(200, { apps: [{ id: 'default', name: 'Demo store', appId: 'demo-app-id' }] }),
    'GET /api/apps/default/capabilities': () => json(200, everything),
    'GET /api/apps/default/1.1/schemas': () =>
      json(200, { Product: { objectId: { type: 'String' }, name: { type: 'String' } }, Review: {} }),
    'GET /api/apps/default/1.1/classes/Product': classes,
    'GET /api/apps/default/1.1/classes/Review': () => json(200, { results: [], count: 0 }),
    ...extra,
  });
}

describe('console routes', () => {
  it('sends a visitor to login, remembering where they were going', async () => {
    stubFetch({
      'GET /api/session': () => consoleError(401, 'unauthenticated', 'Not signed in.'),
      'GET /api/setup': () => json(200, { needed: false }),
    });
    const { router } = renderRoutes(routes, '/apps/default/data/Product');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/apps/default/data/Product');
  });

  it('sends the first visitor to setup', async () => {
    stubFetch({
      'GET /api/session': () => consoleError(401, 'unauthenticated', 'Not signed in.'),
      'GET /api/setup': () => json(200, { needed: true }),
    });
    const { router } = renderRoutes(routes, '/');
    expect(await screen.findByLabelText('Setup token')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/setup');
  });

  it('opens the first app’s data and lists its classes with counts', async () => {
    signedIn();
    const { router } = renderRoutes(routes, '/');
    const classNav = await screen.findByRole('navigation', { name: 'Classes' });
    expect(router.state.location.pathname).toBe('/apps/default/data');
    const link = await within(classNav).findByRole('link', { name: 'Product' });
    await waitFor(() => expect(link).toHaveAccessibleDescription('52 objects'));
    expect(within(classNav).getByRole('link', { name: 'Review' })).toHaveAccessibleDescription('0 objects');
  });

  it('pages through a class with the paging kept in the URL', async () => {
    const { calls } = signedIn();
    const { user, router } = renderRoutes(routes, '/apps/default/data/Product?page=2&pageSize=50');

    const grid = await screen.findByRole('grid', { name: 'Product' });
    await within(grid).findByText('Product 50');
    expect(screen.getByText('Rows 51–52 of 52')).toBeInTheDocument();
    const pageCall = calls.find((c) => c.url.searchParams.get('skip') === '50');
    expect(Object.fromEntries(pageCall!.url.searchParams)).toEqual({
      skip: '50',
      limit: '50',
      order: '-createdAt',
      returnACL: 'true',
    });
    // The total comes from a request of its own, so the rows never wait for a count.
    expect(
      calls.some((c) => c.url.searchParams.get('limit') === '0' && c.url.searchParams.get('count') === '1'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('Rows 1–50 of 52')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?pageSize=50');
  });

  it('lists every area and opens Messaging from the navigation', async () => {
    signedIn({
      'GET /api/apps/default/1.2/rtm/all-conversations': () =>
        json(200, {
          results: [{ objectId: 'c1', name: 'Team', m: ['ann', 'bob'], createdAt: 'c' }],
          count: 1,
        }),
    });
    const { user } = renderRoutes(routes, '/apps/default/data');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    // Push and Messaging are listed once the app says it offers them.
    for (const name of ['Data', 'Users', 'Roles', 'Push', 'Messaging', 'Settings']) {
      expect(await within(nav).findByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(within(nav).getByRole('link', { name: 'Messaging' }));
    // The area's code loads on first use, which takes a while on a loaded machine.
    expect(await screen.findByRole('link', { name: 'Team' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.queryByText('Messaging is not available in the console yet.')).not.toBeInTheDocument();
  });

  it('opens the roles area from the navigation and a role from its list', async () => {
    const role = { objectId: 'r1', name: 'Staff', createdAt: 'c', updatedAt: 'u' };
    signedIn({
      'GET /api/apps/default/1.1/roles': ({ url }) =>
        json(200, { results: url.searchParams.get('where') ? [] : [role] }),
      'GET /api/apps/default/1.1/users': () => json(200, { results: [] }),
    });
    const { user, router } = renderRoutes(routes, '/apps/default/data');
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    await user.click(within(nav).getByRole('link', { name: 'Roles' }));
    // The area's code loads on first visit, which takes a while on a busy test machine.
    const table = await screen.findByRole('table', { name: 'Roles' }, { timeout: 15_000 });
    await user.click(within(table).getByRole('link', { name: 'Staff' }));
    expect(await screen.findByRole('heading', { name: 'Role Staff' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/apps/default/roles/r1');
  }, 30_000);

  it('signs out through the user menu', async () => {
    const { calls } = signedIn();
    const { user, router } = renderRoutes(routes, '/apps/default/data');
    await user.click(await screen.findByRole('button', { name: 'Account' }));
    expect(screen.getByText('dev@example.com')).toBeInTheDocument();
    expect(screen.getByText('Role: Developer')).toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(calls.find((c) => c.method === 'DELETE')?.headers.get(CSRF_HEADER)).toBe('1');
  });

  it('shows a failure of the upstream through the error component', async () => {
    stubFetch({
      'GET /api/session': () => json(200, session),
      'GET /api/apps': () => json(200, { apps: [{ id: 'default', name: 'Demo store', appId: 'demo' }] }),
      'GET /api/apps/default/1.1/schemas': () =>
        consoleError(502, 'upstream_unreachable', 'The backend at 127.0.0.1:3001 refused the connection.'),
    });
    renderRoutes(routes, '/apps/default/data');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The backend cannot be reached');
    expect(alert).toHaveTextContent('refused the connection');
  });
});
