import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../lib/paths';
import { useApps } from '../api/get-apps';

/** Shown instead of an area when the URL names an app the console does not have. */
export function UnknownAppNotice({ app }: { app: string }) {
  const { t } = useTranslation();
  const first = useApps().data?.[0];
  return (
    <Box sx={{ p: 3 }}>
      <Alert
        severity="warning"
        action={
          first && (
            <Button component={RouterLink} to={paths.area(first.id, 'data')} color="inherit" size="small">
              {t('shell.goToFirstApp', { name: first.name })}
            </Button>
          )
        }
      >
        {t('shell.appNotFound', { app })}
      </Alert>
    </Box>
  );
}
