import { useState } from 'react';
import Alert from '@mui/material/Alert';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useDeliveries, useTestSend } from '../api/send';

/** A test push with a short text to one installation, and what the recorder says it received. */
export function DeviceTestDialog(p: {
  app: string;
  installation: string;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const send = useTestSend(p.app);
  const deliveries = useDeliveries(p.app, send.data?.objectId);
  return (
    <ConfirmDialog
      title={t('push.devices.testTitle', { device: p.name })}
      text={t('push.devices.testText')}
      confirmLabel={t('push.devices.testConfirm')}
      pending={send.isPending}
      ready={text.trim() !== ''}
      error={send.error}
      onClose={p.onClose}
      onConfirm={() => send.mutate({ installation: p.installation, data: { alert: text.trim() } })}
    >
      <TextField
        label={t('push.compose.fields.text')}
        required
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoFocus
      />
      {send.data && (
        <Alert severity="success" role="status">
          {t('push.compose.testSent', { id: send.data.objectId })}{' '}
          {deliveries.data && deliveries.data.length > 0
            ? deliveries.data
                .map((x) => t('push.compose.testDelivered', { device: p.name, channel: x.channel }))
                .join(' ')
            : t('push.compose.testWaiting')}
        </Alert>
      )}
    </ConfirmDialog>
  );
}
