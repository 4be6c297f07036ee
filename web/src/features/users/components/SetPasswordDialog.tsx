import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useSetPassword } from '../api/user-writes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** Sets a new password with the master key; the user signs in with it from then on. */
export function SetPasswordDialog(props: {
  app: string;
  objectId: string;
  name: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const set = useSetPassword(props.app, props.objectId);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again !== '' && again !== password;
  return (
    <ConfirmDialog
      title={t('users.password.title')}
      text={t('users.password.text', { name: props.name })}
      confirmLabel={t('users.password.confirm')}
      onConfirm={() => set.mutate(password, { onSuccess: props.onDone })}
      onClose={props.onClose}
      pending={set.isPending}
      error={set.error}
      ready={password !== '' && password === again}
    >
      <TextField
        label={t('users.password.new')}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoFocus
      />
      <TextField
        label={t('users.password.again')}
        type="password"
        autoComplete="new-password"
        value={again}
        onChange={(e) => setAgain(e.target.value)}
        error={mismatch}
        helperText={mismatch ? t('users.password.mismatch') : ' '}
      />
    </ConfirmDialog>
  );
}
