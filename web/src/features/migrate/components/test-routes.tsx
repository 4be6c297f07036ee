import type { Migration, MigrationClass } from '@switchboard/shared';
import { json } from '../../../test/fetch';
import type { StubHandler } from '../../../test/fetch';
import { MigratePage } from './MigratePage';
import { MigrationRunPage } from './MigrationRunPage';

/** The wizard's two routes as app/routes.tsx declares them. */
export const migrateRoutes = [
  { path: '/apps/:app/migrate', element: <MigratePage /> },
  { path: '/apps/:app/migrate/:id', element: <MigrationRunPage /> },
];

/** A signed-in console user of the `default` app with these permissions. */
export const sessionWith = (permissions: string[]): Record<string, StubHandler> => ({
  'GET /api/session': () =>
    json(200, {
      user: { id: 'c1', email: 'dev@example.com', role: 'developer', appRoles: {} },
      permissions,
      appPermissions: { default: permissions },
    }),
});

export const aClass = (over: Partial<MigrationClass> = {}): MigrationClass => ({
  name: 'Item',
  read: 0,
  written: 0,
  skipped: 0,
  failed: 0,
  total: null,
  done: false,
  failures: [],
  ...over,
});

export const aMigration = (over: Partial<Migration> = {}): Migration => ({
  id: 'm1',
  app: 'default',
  kind: 'files',
  status: 'running',
  source: 'export.zip',
  downloadFiles: false,
  createdBy: 'dev@example.com',
  createdAt: '2026-11-23T07:00:00.000Z',
  updatedAt: '2026-11-23T07:00:01.000Z',
  finishedAt: null,
  classes: [],
  ignoredFiles: [],
  etaSeconds: null,
  error: null,
  uploadDiscarded: false,
  ...over,
});
