import { Navigate, Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useSetupStatus } from '../api/get-setup-status';
import { decideAuthGate } from '../utils/redirect';

/** Renders the console only for a signed-in user; sends everyone else to login or setup. */
export function RequireSession() {
  const { t } = useTranslation();
  const location = useLocation();
  const session = useSession();
  const setup = useSetupStatus({ enabled: session.data === null });
  const gate = decideAuthGate({ session, setup });

  switch (gate.kind) {
    case 'loading':
      return <LoadingState label={t('auth.checkingSession')} />;
    case 'error':
      return (
        <Box sx={{ p: 3 }}>
          <ErrorAlert error={gate.error} onRetry={() => void session.refetch()} />
        </Box>
      );
    case 'setup':
      return <Navigate to={paths.setup} replace />;
    case 'login': {
      const here = `${location.pathname}${location.search}`;
      const search = here === paths.home ? '' : `?${new URLSearchParams({ next: here }).toString()}`;
      return <Navigate to={`${paths.login}${search}`} replace />;
    }
    case 'signed-in':
      return <Outlet />;
  }
}
