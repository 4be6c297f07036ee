import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MIN_PASSWORD_LENGTH } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useChangePassword } from '../api/password';

type Problem = 'currentMissing' | 'tooShort' | 'mismatch';
const EMPTY = { current: '', next: '', confirm: '' };

/** What keeps the form from being sent, checked before the server checks it again. */
function problemOf(v: typeof EMPTY): { field: keyof typeof EMPTY; problem: Problem } | undefined {
  if (v.current === '') return { field: 'current', problem: 'currentMissing' };
  if (v.next.length < MIN_PASSWORD_LENGTH) return { field: 'next', problem: 'tooShort' };
  if (v.confirm !== v.next) return { field: 'confirm', problem: 'mismatch' };
  return undefined;
}

/** The person's own password: the current one, then the new one twice. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [shown, setShown] = useState<ReturnType<typeof problemOf>>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = problemOf(values);
    setShown(problem);
    if (problem) return;
    change.mutate(
      { currentPassword: values.current, newPassword: values.next },
      { onSuccess: () => setValues(EMPTY) },
    );
  };

  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={shown?.field === name}
      helperText={
        shown?.field === name
          ? t(`settings.password.${shown.problem}`, { min: MIN_PASSWORD_LENGTH })
          : name === 'next'
            ? t('auth.passwordRule', { min: MIN_PASSWORD_LENGTH })
            : undefined
      }
      sx={{ maxWidth: 360 }}
    />
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-labelledby="settings-password">
      <Typography variant="subtitle1" component="h3" id="settings-password">
        {t('settings.password.title')}
      </Typography>
      {change.error && <ErrorAlert error={change.error} title={t('settings.password.failed')} />}
      {change.data && !change.error && (
        <Alert severity="success" role="status">
          {t('settings.password.changed', { count: change.data.endedSessions })}
        </Alert>
      )}
      {field('current', t('settings.password.current'), 'current-password')}
      {field('next', t('settings.password.new'), 'new-password')}
      {field('confirm', t('settings.password.confirm'), 'new-password')}
      <Button type="submit" variant="contained" loading={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        {t('settings.password.submit')}
      </Button>
    </Stack>
  );
}
