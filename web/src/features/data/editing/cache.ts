import type { QueryClient } from '@tanstack/react-query';
import type { StoredObject } from '@switchboard/shared';
import { classKeys } from '../api/keys';

interface PageData {
  results: StoredObject[];
  count?: number;
}

const isPage = (data: unknown): data is PageData =>
  typeof data === 'object' && data !== null && Array.isArray((data as PageData).results);

/**
 * Puts a saved change into every cached page of the class at once, so the grid shows it and the
 * next edit of the row is conditional on the new version even before the refetch answers.
 */
export function patchCachedRow(
  queryClient: QueryClient,
  app: string,
  className: string,
  objectId: string,
  patch: Record<string, unknown>,
): void {
  queryClient.setQueriesData({ queryKey: classKeys.detail(app, className) }, (data: unknown) => {
    if (!isPage(data)) return data;
    const results = data.results.map((row) => {
      if (row.objectId !== objectId) return row;
      const next: Record<string, unknown> = { ...row, ...patch };
      for (const [key, value] of Object.entries(patch)) if (value === undefined) delete next[key];
      return next as StoredObject;
    });
    return { ...data, results };
  });
}

export const refreshClass = (queryClient: QueryClient, app: string, className: string) =>
  queryClient.invalidateQueries({ queryKey: classKeys.detail(app, className) });
