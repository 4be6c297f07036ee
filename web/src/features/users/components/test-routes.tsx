import { json } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { UserPage } from './UserPage';
import { UsersPage } from './UsersPage';

/** The users area's two routes as app/routes.tsx declares them, plus a stand-in data browser. */
export const usersRoutes = [
  { path: '/apps/:app/users', element: <UsersPage /> },
  { path: '/apps/:app/users/:objectId', element: <UserPage /> },
  { path: '/apps/:app/data/:className', element: <p>data browser</p> },
];

/** A signed-in console user of the `default` app with these permissions. */
export const sessionWith = (permissions: string[]): Record<string, StubHandler> => ({
  'GET /api/session': () =>
    json(200, {
      user: { id: 'c1', email: 'someone@example.com', role: 'developer', appRoles: {} },
      permissions,
      appPermissions: { default: permissions },
    }),
});

/** The app's capabilities: our server (with the outbox) or a LeanCloud app. */
export const capabilities = (ours: boolean): Record<string, StubHandler> => ({
  'GET /api/apps/default/capabilities': () =>
    json(200, {
      app: 'default',
      reachable: true,
      areas: { storage: true, push: ours, im: ours, schemaWrite: ours },
      source: 'probe',
    }),
});
