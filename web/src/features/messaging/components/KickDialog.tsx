import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useKick } from '../api/clients';

/**
 * Doc 3 kick: the reason is at most 20 characters, counted as the server counts them (UTF-16
 * units, so an emoji counts 2), so the counter never lets through what the server refuses.
 */
export const KICK_REASON_MAX = 20;
const length = (s: string) => s.length;

export function KickDialog(props: {
  app: string;
  id: string;
  onClose: () => void;
  onDone: (answer: unknown) => void;
}) {
  const { t } = useTranslation();
  const kick = useKick();
  const [reason, setReason] = useState('');
  const n = length(reason);
  return (
    <ConfirmDialog
      danger
      title={t('messaging.kick.title', { id: props.id })}
      text={t('messaging.kick.text')}
      confirmLabel={t('messaging.kick.action')}
      pending={kick.isPending}
      error={kick.error}
      ready={n <= KICK_REASON_MAX}
      onClose={props.onClose}
      onConfirm={() =>
        kick.mutate({ app: props.app, id: props.id, reason }, { onSuccess: (answer) => props.onDone(answer) })
      }
    >
      <TextField
        label={t('messaging.kick.reason')}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={n > KICK_REASON_MAX}
        helperText={t('messaging.kick.count', { count: n, max: KICK_REASON_MAX })}
        autoFocus
      />
    </ConfirmDialog>
  );
}
