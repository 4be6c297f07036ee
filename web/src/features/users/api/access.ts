import { queryOptions } from '@tanstack/react-query';
import { capabilitiesResponseSchema, consoleRoutes } from '@switchboard/shared';
import type { SessionResponse } from '@switchboard/shared';
import { apiRequest } from '../../../lib/api';
import { hasAppPermission, useAppPermission } from '../../../lib/session';
import { userKeys } from './keys';

export const canWriteUsers = (session: SessionResponse | null | undefined, app: string): boolean =>
  hasAppPermission(session, app, 'users.write');

/**
 * Whether the signed-in user's role in `app` may change users. Only hides controls: the BFF refuses
 * writes without the permission whatever the page shows.
 */
export const useCanWriteUsers = (app: string): boolean => useAppPermission(app, 'users.write');

/**
 * What the app's upstream offers. Only our server has schema writes, and only it keeps an outbox
 * of the mail it would have sent; a LeanCloud app mails for real and has no outbox.
 */
export const capabilitiesQueryOptions = (app: string) =>
  queryOptions({
    queryKey: userKeys.capabilities(app),
    queryFn: ({ signal }) =>
      apiRequest(consoleRoutes.appCapabilities.path.replace(':app', encodeURIComponent(app)), {
        schema: capabilitiesResponseSchema,
        signal,
      }),
    staleTime: 60_000,
  });
