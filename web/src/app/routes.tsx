import type { RouteObject } from 'react-router';
import { AppsIndexRedirect } from '../features/apps';
import { RequireSession } from '../features/auth';
import { AuthLayout } from './AuthLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { UnavailableArea } from './UnavailableArea';
import type { PlannedArea } from './UnavailableArea';
import type { AdminPage, ConsoleArea } from '../lib/paths';

// Each area's code loads when its route is first opened (the data browser, with its grid, editors
// and query builder, is the largest), so a first visit downloads only the core and one page.
const loadAuthPages = () => import('../features/auth/pages');
const loadData = () => import('../features/data');
const loadAdmin = () => import('../features/admin/pages');
const loadRoles = () => import('../features/roles');
const loadUsers = () => import('../features/users/pages');
const loadMigrate = () => import('../features/migrate/pages');
const loadPush = () => import('../features/push/pages');
const loadMessaging = () => import('../features/messaging/pages');

const PLANNED: readonly PlannedArea[] = [];

/**
 * An area's routes behind its gate (shell/AreaGate): a role that may not use the area, or an app
 * that does not offer it, gets one plain refusal instead of the area's frame and requests.
 */
const gated = (area: ConsoleArea, children: RouteObject[]): RouteObject => ({
  lazy: async () => {
    const { AreaGate } = await import('./shell');
    return { element: <AreaGate area={area} /> };
  },
  children,
});

/** The same for a console-wide admin page, by the console-wide role. */
const adminGated = (page: AdminPage, children: RouteObject[]): RouteObject => ({
  lazy: async () => {
    const { AdminGate } = await import('./shell');
    return { element: <AdminGate page={page} /> };
  },
  children,
});

/** The route table; paths match lib/paths.ts. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', lazy: async () => ({ Component: (await loadAuthPages()).LoginPage }) },
          { path: 'setup', lazy: async () => ({ Component: (await loadAuthPages()).SetupPage }) },
          {
            path: 'set-password',
            lazy: async () => ({ Component: (await loadAuthPages()).SetPasswordPage }),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <AppsIndexRedirect /> },
          {
            path: 'apps/:app',
            lazy: async () => ({ Component: (await import('./shell')).AppShell }),
            children: [
              {
                index: true,
                lazy: async () => ({ Component: (await import('./shell')).AppLanding }),
              },
              gated('data', [
                {
                  path: 'data',
                  lazy: async () => ({ Component: (await loadData()).DataLayout }),
                  children: [
                    { index: true, lazy: async () => ({ Component: (await loadData()).ChooseClassHint }) },
                    {
                      path: ':className',
                      lazy: async () => ({ Component: (await loadData()).ClassObjectsPage }),
                    },
                  ],
                },
              ]),
              gated('users', [
                { path: 'users', lazy: async () => ({ Component: (await loadUsers()).UsersPage }) },
                { path: 'users/:objectId', lazy: async () => ({ Component: (await loadUsers()).UserPage }) },
              ]),
              gated('roles', [
                { path: 'roles', lazy: async () => ({ Component: (await loadRoles()).RolesPage }) },
                { path: 'roles/:objectId', lazy: async () => ({ Component: (await loadRoles()).RolePage }) },
              ]),
              {
                path: 'settings',
                lazy: async () => ({ Component: (await import('../features/settings/pages')).SettingsPage }),
              },
              adminGated('users', [
                {
                  path: 'admin/users',
                  lazy: async () => ({ Component: (await loadAdmin()).ConsoleUsersPage }),
                },
              ]),
              adminGated('audit', [
                { path: 'admin/audit', lazy: async () => ({ Component: (await loadAdmin()).AuditLogPage }) },
              ]),
              {
                path: 'migrate',
                lazy: async () => ({ Component: (await loadMigrate()).MigratePage }),
              },
              {
                path: 'migrate/:id',
                lazy: async () => ({ Component: (await loadMigrate()).MigrationRunPage }),
              },
              gated('push', [
                { path: 'push', lazy: async () => ({ Component: (await loadPush()).RecordsPage }) },
                { path: 'push/new', lazy: async () => ({ Component: (await loadPush()).ComposePage }) },
                {
                  path: 'push/scheduled',
                  lazy: async () => ({ Component: (await loadPush()).ScheduledPage }),
                },
                {
                  path: 'push/overview',
                  lazy: async () => ({ Component: (await loadPush()).OverviewPage }),
                },
                {
                  path: 'push/devices',
                  lazy: async () => ({ Component: (await loadPush()).DevicesPage }),
                },
                {
                  path: 'push/records/:pushId',
                  lazy: async () => ({ Component: (await loadPush()).RecordPage }),
                },
              ]),
              gated('messaging', [
                {
                  path: 'messaging',
                  lazy: async () => ({ Component: (await loadMessaging()).ConversationsPage }),
                },
                {
                  path: 'messaging/conversations/:convId',
                  lazy: async () => ({ Component: (await loadMessaging()).ConversationPage }),
                },
                {
                  path: 'messaging/clients',
                  lazy: async () => ({ Component: (await loadMessaging()).ClientsPage }),
                },
                {
                  path: 'messaging/clients/:clientId',
                  lazy: async () => ({ Component: (await loadMessaging()).ClientPage }),
                },
                {
                  path: 'messaging/overview',
                  lazy: async () => ({ Component: (await loadMessaging()).OverviewPage }),
                },
                {
                  path: 'messaging/broadcasts',
                  lazy: async () => ({ Component: (await loadMessaging()).BroadcastsPage }),
                },
              ]),
              ...PLANNED.map((area) =>
                gated(area, [{ path: area, element: <UnavailableArea area={area} /> }]),
              ),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
