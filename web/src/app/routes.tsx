import { Navigate } from 'react-router';
import type { RouteObject } from 'react-router';
import { AppsIndexRedirect } from '../features/apps';
import { LoginPage, RequireSession, SetPasswordPage, SetupPage } from '../features/auth';
import { ChooseClassHint, ClassObjectsPage, DataLayout } from '../features/data';
import { AuthLayout } from './AuthLayout';
import { NotFoundPage } from './NotFoundPage';
import { RouteError } from './RouteError';
import { AppShell } from './shell/AppShell';
import { UnavailableArea } from './UnavailableArea';
import type { PlannedArea } from './UnavailableArea';

const PLANNED: readonly PlannedArea[] = ['users', 'roles', 'push', 'messaging', 'settings'];

/** The route table; paths match lib/paths.ts. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    children: [
      {
        element: <AuthLayout />,
        children: [
          { path: 'login', element: <LoginPage /> },
          { path: 'setup', element: <SetupPage /> },
          { path: 'set-password', element: <SetPasswordPage /> },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          { index: true, element: <AppsIndexRedirect /> },
          {
            path: 'apps/:app',
            element: <AppShell />,
            children: [
              { index: true, element: <Navigate to="data" replace /> },
              {
                path: 'data',
                element: <DataLayout />,
                children: [
                  { index: true, element: <ChooseClassHint /> },
                  { path: ':className', element: <ClassObjectsPage /> },
                ],
              },
              ...PLANNED.map((area) => ({ path: area, element: <UnavailableArea area={area} /> })),
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
