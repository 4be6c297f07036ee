import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { Migration, StartLiveMigrationBody } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
import { isActive } from '../utils/status';
import { migrationKeys } from './keys';
import { routePath } from './route-path';

const {
  listMigrations,
  getMigration,
  startLiveMigration,
  cancelMigration,
  resumeMigration,
  discardMigrationUpload,
} = consoleRoutes;

export const getMigrations = (app: string, signal?: AbortSignal) =>
  apiRequest(routePath(listMigrations.path, { app }), { schema: listMigrations.response, signal });

export const migrationsQueryOptions = (app: string) =>
  queryOptions({
    queryKey: migrationKeys.list(app),
    queryFn: ({ signal }) => getMigrations(app, signal).then((r) => r.migrations),
    // Runs move on while the list is not shown; coming back to it must not show their old status.
    staleTime: 0,
  });

export const useMigrations = (app: string) => useQuery(migrationsQueryOptions(app));

export const getOneMigration = (app: string, id: string, signal?: AbortSignal) =>
  apiRequest(routePath(getMigration.path, { app, id }), { schema: getMigration.response, signal });

/** Progress lives in the bff; while a run moves, the page asks for it every second. */
export const POLL_MS = 1000;

export const migrationQueryOptions = (app: string, id: string) =>
  queryOptions({
    queryKey: migrationKeys.detail(app, id),
    queryFn: ({ signal }) => getOneMigration(app, id, signal).then((r) => r.migration),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === undefined || isActive(status) ? POLL_MS : false;
    },
  });

export const useMigration = (app: string, id: string) => useQuery(migrationQueryOptions(app, id));

/** A write that answers with the run: the run page shows it at once, and the history refreshes. */
function useRunMutation<V>(app: string, mutationFn: (v: V) => Promise<{ migration: Migration }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: V) => (await mutationFn(v)).migration,
    onSuccess: async (migration) => {
      queryClient.setQueryData(migrationKeys.detail(app, migration.id), migration);
      await queryClient.invalidateQueries({ queryKey: migrationKeys.list(app) });
    },
  });
}

export const useStartLiveMigration = (app: string) =>
  useRunMutation(app, (body: StartLiveMigrationBody) =>
    apiRequest(routePath(startLiveMigration.path, { app }), {
      method: 'POST',
      body,
      schema: startLiveMigration.response,
    }),
  );

export const useCancelMigration = (app: string) =>
  useRunMutation(app, (id: string) =>
    apiRequest(routePath(cancelMigration.path, { app, id }), {
      method: 'POST',
      schema: cancelMigration.response,
    }),
  );

export const useResumeMigration = (app: string) =>
  useRunMutation(app, (id: string) =>
    apiRequest(routePath(resumeMigration.path, { app, id }), {
      method: 'POST',
      schema: resumeMigration.response,
    }),
  );

export const useDiscardMigrationUpload = (app: string) =>
  useRunMutation(app, (id: string) =>
    apiRequest(routePath(discardMigrationUpload.path, { app, id }), {
      method: 'DELETE',
      schema: discardMigrationUpload.response,
    }),
  );
