import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../components/ErrorAlert';
import { ConsoleApiError } from '../lib/api';
import { paths } from '../lib/paths';

/** What the router shows when rendering a route throws: the same error component as elsewhere. */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const shown = isRouteErrorResponse(error)
    ? new ConsoleApiError({
        code: error.status === 404 ? 'not_found' : 'internal',
        message: error.statusText,
        status: error.status,
      })
    : error;
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 720 }}>
      <ErrorAlert error={shown} />
      <Button component={RouterLink} to={paths.home} sx={{ justifySelf: 'start' }}>
        {t('errors.backToConsole')}
      </Button>
    </Box>
  );
}
