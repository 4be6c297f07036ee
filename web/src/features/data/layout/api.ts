import { queryOptions } from '@tanstack/react-query';
import { consoleRoutes } from '@switchboard/shared';
import type { GridLayout } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';

const pathOf = (app: string, className: string) =>
  consoleRoutes.getGridLayout.path
    .replace(':app', encodeURIComponent(app))
    .replace(':className', encodeURIComponent(className));

export const getGridLayout = (app: string, className: string, signal?: AbortSignal) =>
  apiRequest(pathOf(app, className), { schema: consoleRoutes.getGridLayout.response, signal });

export const putGridLayout = (app: string, className: string, layout: GridLayout) =>
  apiRequest(pathOf(app, className), {
    method: 'PUT',
    body: layout,
    schema: consoleRoutes.putGridLayout.response,
  });

/** Query keys of the signed-in user's grid layouts. */
export const layoutKeys = {
  all: (app: string) => ['grid-layouts', app] as const,
  of: (app: string, className: string) => [...layoutKeys.all(app), className] as const,
};

/** Kept until changed here: the layout is the user's own, so nobody else changes it meanwhile. */
export const gridLayoutQueryOptions = (app: string, className: string) =>
  queryOptions({
    queryKey: layoutKeys.of(app, className),
    queryFn: ({ signal }) => getGridLayout(app, className, signal),
    staleTime: Infinity,
  });
