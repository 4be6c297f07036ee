import type { SessionResponse } from '@switchboard/shared';
import { hasAppPermission, useAppPermission } from '../../../lib/session';

export const canWriteUsers = (session: SessionResponse | null | undefined, app: string): boolean =>
  hasAppPermission(session, app, 'users.write');

/**
 * Whether the signed-in user's role in `app` may change users. Only hides controls: the BFF refuses
 * writes without the permission whatever the page shows.
 */
export const useCanWriteUsers = (app: string): boolean => useAppPermission(app, 'users.write');
