import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useApps } from '../api/get-apps';

/** The console's front door: the first app, whose landing page suits the user's role. */
export function AppsIndexRedirect() {
  const { t } = useTranslation();
  const apps = useApps();
  if (apps.isPending) return <LoadingState />;
  if (apps.error)
    return (
      <Box sx={{ p: 3 }}>
        <ErrorAlert error={apps.error} onRetry={() => void apps.refetch()} />
      </Box>
    );
  const first = apps.data[0];
  if (!first)
    return (
      <Box sx={{ p: 3 }}>
        <Alert severity="info">{t('apps.none')}</Alert>
      </Box>
    );
  return <Navigate to={paths.app(first.id)} replace />;
}
