import type { SessionResponse } from '@switchboard/shared';
import { hasAppPermission, useAppPermission } from '../../../lib/session';

/** Whether the signed-in user's role in `app` may write data. */
export function canWriteData(session: SessionResponse | null | undefined, app: string): boolean {
  return hasAppPermission(session, app, 'data.write');
}

/** Only hides controls: the BFF refuses writes without the permission whatever the page shows. */
export const useCanWriteData = (app: string): boolean => useAppPermission(app, 'data.write');
