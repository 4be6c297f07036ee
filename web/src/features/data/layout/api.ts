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
