import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { useDeleteUser } from '../api/user-writes';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** Deletes the user once the person has typed its username (or objectId), so no click does it alone. */
export function DeleteUserDialog(props: {
  app: string;
  objectId: string;
  confirmation: string;
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const remove = useDeleteUser(props.app, props.objectId);
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog
      title={t('users.delete.title')}
      text={t('users.delete.text', { name: props.confirmation })}
      confirmLabel={t('users.delete.confirm')}
      onConfirm={() => remove.mutate(undefined, { onSuccess: props.onDone })}
      onClose={props.onClose}
      pending={remove.isPending}
      error={remove.error}
      ready={typed === props.confirmation}
      danger
    >
      <TextField
        label={t('users.delete.typeName', { name: props.confirmation })}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        autoFocus
      />
    </ConfirmDialog>
  );
}
