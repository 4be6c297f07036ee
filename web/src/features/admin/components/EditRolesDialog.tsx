import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ConsoleUserRecord } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useUpdateConsoleUser } from '../api/console-users';
import { toAppRoles } from '../utils/app-roles';
import type { AppRoleChoices } from '../utils/app-roles';
import { RoleFields } from './RoleFields';

/** Changes a user's console-wide role and per-app roles; opened with the user to edit. */
export function EditRolesDialog({ user, onClose }: { user: ConsoleUserRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateConsoleUser();
  const [role, setRole] = useState(user.role);
  const [appRoles, setAppRoles] = useState<AppRoleChoices>(user.appRoles);
  const save = () =>
    update.mutate({ id: user.id, change: { role, appRoles: toAppRoles(appRoles) } }, { onSuccess: onClose });

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.users.editTitle', { email: user.email })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {update.error && <ErrorAlert error={update.error} />}
          <RoleFields role={role} onRole={setRole} appRoles={appRoles} onAppRoles={setAppRoles} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('admin.cancel')}</Button>
        <Button variant="contained" onClick={save} disabled={update.isPending}>
          {t('admin.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
