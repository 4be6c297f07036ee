import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { ConsoleUserRecord } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useClearTotp, useEndSessions, useResetPassword, useUpdateConsoleUser } from '../api/console-users';
import { OneTimeLink } from './OneTimeLink';

export type UserAction = 'disable' | 'enable' | 'resetPassword' | 'endSessions' | 'clearTotp';

/** Asks before one action on a user, runs it, and shows the server's refusal or its result. */
export function UserActionDialog({
  user,
  action,
  onClose,
}: {
  user: ConsoleUserRecord;
  action: UserAction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateConsoleUser();
  const reset = useResetPassword();
  const end = useEndSessions();
  const clear = useClearTotp();
  const mutation = {
    disable: update,
    enable: update,
    resetPassword: reset,
    endSessions: end,
    clearTotp: clear,
  }[action];
  const run = () => {
    if (action === 'disable' || action === 'enable') {
      update.mutate({ id: user.id, change: { disabled: action === 'disable' } }, { onSuccess: onClose });
    } else if (action === 'resetPassword') reset.mutate(user.id);
    else if (action === 'endSessions') end.mutate(user.id);
    else clear.mutate(user.id, { onSuccess: onClose });
  };
  const done = mutation.isSuccess;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(`admin.actions.${action}`)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {mutation.error && <ErrorAlert error={mutation.error} />}
          {!done && (
            <DialogContentText>{t(`admin.confirm.${action}`, { email: user.email })}</DialogContentText>
          )}
          {reset.data?.link && <OneTimeLink link={reset.data.link} />}
          {end.data && (
            <DialogContentText>{t('admin.users.sessionsEnded', { count: end.data.ended })}</DialogContentText>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{done ? t('admin.close') : t('admin.cancel')}</Button>
        {!done && (
          <Button
            variant="contained"
            color={action === 'enable' || action === 'resetPassword' ? 'primary' : 'error'}
            onClick={run}
            disabled={mutation.isPending}
          >
            {t(`admin.actions.${action}`)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
