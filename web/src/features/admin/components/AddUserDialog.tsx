import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { MIN_PASSWORD_LENGTH } from '@switchboard/shared';
import type { ConsoleRole } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCreateConsoleUser } from '../api/console-users';
import { toAppRoles } from '../utils/app-roles';
import type { AppRoleChoices } from '../utils/app-roles';
import { OneTimeLink } from './OneTimeLink';
import { RoleFields } from './RoleFields';

/** Adds a console user with a password, or invites them with a one-time link to hand over. */
export function AddUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const create = useCreateConsoleUser();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ConsoleRole>('viewer');
  const [appRoles, setAppRoles] = useState<AppRoleChoices>({});
  const [mode, setMode] = useState<'invite' | 'password'>('invite');
  const [password, setPassword] = useState('');

  const close = () => {
    create.reset();
    setEmail('');
    setPassword('');
    setAppRoles({});
    onClose();
  };
  const submit = () =>
    create.mutate({
      email: email.trim(),
      role,
      appRoles: toAppRoles(appRoles),
      ...(mode === 'password' ? { password } : {}),
    });
  const link = create.data?.link;
  const done = create.isSuccess;

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{t('admin.users.addTitle')}</DialogTitle>
      <DialogContent>
        {done ? (
          link ? (
            <OneTimeLink link={link} />
          ) : (
            t('admin.users.added', { email: create.data.user.email })
          )
        ) : (
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.error && <ErrorAlert error={create.error} />}
            <TextField
              label={t('admin.users.email')}
              type="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              autoFocus
            />
            <RoleFields role={role} onRole={setRole} appRoles={appRoles} onAppRoles={setAppRoles} />
            <RadioGroup value={mode} onChange={(e) => setMode(e.target.value as 'invite' | 'password')}>
              <FormControlLabel value="invite" control={<Radio />} label={t('admin.users.invite')} />
              <FormControlLabel value="password" control={<Radio />} label={t('admin.users.withPassword')} />
            </RadioGroup>
            {mode === 'password' && (
              <TextField
                label={t('admin.users.password')}
                type="password"
                autoComplete="new-password"
                helperText={t('auth.passwordRule', { min: MIN_PASSWORD_LENGTH })}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{done ? t('admin.close') : t('admin.cancel')}</Button>
        {!done && (
          <Button
            variant="contained"
            onClick={submit}
            disabled={create.isPending || !email.trim() || (mode === 'password' && !password)}
          >
            {mode === 'invite' ? t('admin.users.sendInvite') : t('admin.users.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
