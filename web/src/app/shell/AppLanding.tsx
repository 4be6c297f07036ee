import { Navigate } from 'react-router';
import { LoadingState } from '../../components/LoadingState';
import { useRequiredParam } from '../../lib/routing';
import { landingArea } from './app-areas';
import { useAppAccess } from './use-app-access';

/** An app's front door: the first area in the menu the user's role may use and the app offers. */
export function AppLanding() {
  const app = useRequiredParam('app');
  const { permissions, caps } = useAppAccess(app);
  const area = landingArea(permissions, caps);
  if (!area) return <LoadingState />;
  return <Navigate to={area} replace />;
}
