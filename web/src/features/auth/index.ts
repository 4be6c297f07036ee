// What the app layer uses of the auth feature.
export { useSession } from '../../lib/session';
export { useLogout } from './api/logout';
export { authKeys } from './api/keys';
export { RequireSession } from './components/RequireSession';
// The pages load with their routes (see app/routes.tsx), not with everything else.
