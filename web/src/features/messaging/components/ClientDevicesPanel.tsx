import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useAppPermission } from '../../../lib/session';
import { DevicesTable } from '../../../components/installations/DevicesTable';
import { CLIENT_DEVICES, useClientDevices } from '../api/client-checks';

/**
 * The devices of a client: what an offline push to it reaches. Shown to roles that may read
 * installations; tokens appear only to those with secrets.read (the bff redacts them otherwise).
 */
export function ClientDevicesPanel({ app, id }: { app: string; id: string }) {
  const { t } = useTranslation();
  const canRead = useAppPermission(app, 'installations.read');
  const devices = useClientDevices(app, id, canRead);
  if (!canRead) return null;
  const rows = devices.data?.results ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="client-devices">
      <Typography variant="h6" component="h2" id="client-devices">
        {t('messaging.client.devices')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('messaging.client.devicesHint', { id })}
      </Typography>
      {devices.error && <ErrorAlert error={devices.error} />}
      {devices.isPending && <LoadingState />}
      {devices.data && rows.length === 0 && (
        <Typography variant="body2">{t('messaging.client.noDevices')}</Typography>
      )}
      {rows.length > 0 && <DevicesTable devices={rows} canSend={false} onTest={() => undefined} />}
      {rows.length >= CLIENT_DEVICES && (
        <Typography variant="body2">
          {t('messaging.client.devicesMore', { count: CLIENT_DEVICES })}
        </Typography>
      )}
    </Paper>
  );
}
