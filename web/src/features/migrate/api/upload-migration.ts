import { useMutation, useQueryClient } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { Migration } from '@switchboard/shared';
import { buildUrl, uploadBody } from '../../../lib/api';
import { migrationKeys } from './keys';
import { routePath } from './route-path';

const route = consoleRoutes.uploadMigration;

export interface UploadInput {
  file: File;
  downloadFiles: boolean;
}

/** Sends the export as the raw request body, with its progress. */
export async function uploadMigration(
  app: string,
  { file, downloadFiles }: UploadInput,
  onProgress: (sent: number, total: number) => void,
): Promise<Migration> {
  const { migration } = await uploadBody({
    url: buildUrl(routePath(route.path, { app }), {
      name: file.name,
      downloadFiles: downloadFiles ? '1' : '0',
    }),
    body: file,
    contentType: 'application/octet-stream',
    schema: route.response,
    onProgress,
  });
  return migration;
}

export function useUploadMigration(app: string, onProgress: (sent: number, total: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadInput) => uploadMigration(app, input, onProgress),
    onSuccess: async (migration) => {
      queryClient.setQueryData(migrationKeys.detail(app, migration.id), migration);
      await queryClient.invalidateQueries({ queryKey: migrationKeys.list(app) });
    },
  });
}
