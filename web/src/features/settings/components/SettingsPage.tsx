import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useConfiguredApps } from '../api/app-status';
import { settingsKeys } from '../api/keys';
import { capabilityKeys } from '../../../lib/api/capabilities';
import { AppStatusCard } from './AppStatusCard';
import { PreferencesSection } from './PreferencesSection';
import { SecuritySection } from './SecuritySection';

/** The person's own settings, and the apps this console manages with their health. */
export function SettingsPage() {
  const { t } = useTranslation();
  const apps = useConfiguredApps();
  const queryClient = useQueryClient();
  // Health lives under the settings keys, capabilities under their shared key (lib/api).
  const recheck = () => {
    void queryClient.invalidateQueries({ queryKey: settingsKeys.all });
    void queryClient.invalidateQueries({ queryKey: capabilityKeys.all });
  };

  return (
    <Box sx={{ p: 3, maxWidth: 960 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 3 }}>
        {t('settings.title')}
      </Typography>
      <PreferencesSection />
      <Divider sx={{ my: 4 }} />
      <SecuritySection />
      <Divider sx={{ my: 4 }} />
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          {t('settings.apps')}
        </Typography>
        <Button onClick={recheck}>{t('settings.recheck')}</Button>
      </Stack>
      {apps.error && <ErrorAlert error={apps.error} onRetry={() => void apps.refetch()} />}
      {apps.isPending && <LoadingState />}
      <Stack spacing={2}>
        {apps.data?.map((app) => (
          <AppStatusCard key={app.id} app={app} />
        ))}
      </Stack>
    </Box>
  );
}
