import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { paths } from '../../../lib/paths';
import { useDeleteRole } from '../api/delete-role';

/** Deletes the role once its name is typed out (there is no undo), then shows all roles. */
export function DeleteRoleDialog(props: { app: string; roleId: string; name: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const remove = useDeleteRole(
    props.app,
    () => void navigate(paths.area(props.app, 'roles'), { replace: true }),
  );
  const [typed, setTyped] = useState('');
  return (
    <ConfirmDialog
      title={t('rolesPage.delete.title', { name: props.name })}
      text={t('rolesPage.delete.text', { name: props.name })}
      confirmLabel={t('rolesPage.delete.confirm')}
      onConfirm={() => remove.mutate(props.roleId)}
      onClose={props.onClose}
      pending={remove.isPending}
      error={remove.error}
      ready={typed === props.name}
      danger
    >
      <TextField
        label={t('rolesPage.delete.typeName', { name: props.name })}
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        autoComplete="off"
        autoFocus
      />
    </ConfirmDialog>
  );
}
