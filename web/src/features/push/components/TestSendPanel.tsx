import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { StoredObject } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useDeliveries, useDeviceSearch, useTestSend } from '../api/send';

const deviceName = (d: StoredObject): string =>
  [d.installationId, d.registrationId].find((v): v is string => typeof v === 'string' && v !== '') ??
  d.objectId;

/**
 * Sends the message to one installation (the bff resolves its device id, so an operator reaches an
 * iOS device whose token is hidden from them) and shows what it received.
 */
export function TestSendPanel({ app, data }: { app: string; data: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  const [term, setTerm] = useState('');
  const [searched, setSearched] = useState('');
  const devices = useDeviceSearch(app, searched);
  const send = useTestSend(app);
  const deliveries = useDeliveries(app, send.data?.objectId);
  const [sentTo, setSentTo] = useState('');
  return (
    <Stack spacing={1.5} component="section" aria-labelledby="push-test">
      <Typography variant="h6" component="h2" id="push-test">
        {t('push.compose.test')}
      </Typography>
      <Stack
        direction="row"
        spacing={1}
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          setSearched(term.trim());
        }}
      >
        <TextField
          size="small"
          label={t('push.compose.testDevice')}
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          sx={{ flex: 1 }}
        />
        <Button type="submit">{t('push.compose.testFind')}</Button>
      </Stack>
      {devices.error ? <ErrorAlert error={devices.error} /> : null}
      {devices.data?.length === 0 && <Typography variant="body2">{t('push.compose.testNone')}</Typography>}
      {devices.data?.map((d) => {
        const name = `${String(d.deviceType)} ${deviceName(d)}`;
        return (
          <Button
            key={d.objectId}
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            disabled={!data || send.isPending}
            onClick={() => {
              if (!data) return;
              setSentTo(name);
              send.mutate({ installation: d.objectId, data });
            }}
          >
            {t('push.compose.testSend', { device: name })}
          </Button>
        );
      })}
      {send.error ? <ErrorAlert error={send.error} /> : null}
      {send.data && (
        <Alert severity="success" role="status">
          {t('push.compose.testSent', { id: send.data.objectId })}{' '}
          {deliveries.data && deliveries.data.length > 0
            ? deliveries.data
                .map((x) => t('push.compose.testDelivered', { device: sentTo, channel: x.channel }))
                .join(' ')
            : t('push.compose.testWaiting')}
        </Alert>
      )}
    </Stack>
  );
}
