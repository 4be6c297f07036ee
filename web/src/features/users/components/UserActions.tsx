import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useRefreshSessionToken } from '../api/user-writes';
import { deleteConfirmation } from '../utils/user-fields';
import type { UserRecord } from '../utils/user-fields';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { DeleteUserDialog } from './DeleteUserDialog';
import { SetPasswordDialog } from './SetPasswordDialog';

type Action = 'password' | 'signOut' | 'delete';

/** The levers on one user for roles that may change users: password, sessions, deletion. */
export function UserActions({ app, user }: { app: string; user: UserRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshSessionToken(app, user.objectId);
  const [open, setOpen] = useState<Action | null>(null);
  const [done, setDone] = useState<Action | null>(null);
  const name = deleteConfirmation(user);
  const close = () => {
    refresh.reset();
    setOpen(null);
  };
  const finished = (action: Action) => () => {
    setOpen(null);
    setDone(action);
  };

  return (
    <Stack spacing={1.5} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => setOpen('password')}>
          {t('users.password.open')}
        </Button>
        <Button variant="outlined" onClick={() => setOpen('signOut')}>
          {t('users.signOut.open')}
        </Button>
        <Button variant="outlined" color="error" onClick={() => setOpen('delete')}>
          {t('users.delete.open')}
        </Button>
      </Stack>
      {done === 'password' && <Alert severity="success">{t('users.password.done', { name })}</Alert>}
      {done === 'signOut' && <Alert severity="success">{t('users.signOut.done', { name })}</Alert>}
      {open === 'password' && (
        <SetPasswordDialog
          app={app}
          objectId={user.objectId}
          name={name}
          onDone={finished('password')}
          onClose={close}
        />
      )}
      {open === 'signOut' && (
        <ConfirmDialog
          title={t('users.signOut.title')}
          text={t('users.signOut.text', { name })}
          confirmLabel={t('users.signOut.confirm')}
          onConfirm={() => refresh.mutate(undefined, { onSuccess: finished('signOut') })}
          onClose={close}
          pending={refresh.isPending}
          error={refresh.error}
        />
      )}
      {open === 'delete' && (
        <DeleteUserDialog
          app={app}
          objectId={user.objectId}
          confirmation={name}
          onClose={close}
          onDone={() => void navigate(paths.area(app, 'users'), { replace: true })}
        />
      )}
    </Stack>
  );
}
