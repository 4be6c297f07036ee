import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../lib/paths';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Box sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 720 }}>
      <Alert severity="warning">{t('errors.pageNotFound')}</Alert>
      <Button component={RouterLink} to={paths.home} sx={{ justifySelf: 'start' }}>
        {t('errors.backToConsole')}
      </Button>
    </Box>
  );
}
