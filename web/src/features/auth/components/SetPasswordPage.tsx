import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Link from '@mui/material/Link';
import { Link as RouterLink, Navigate, useLocation } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { usePasswordLinkStatus, useSetPassword } from '../api/set-password';
import { validateNewPassword } from '../utils/validate';
import type { FieldErrors, NewPasswordValues } from '../utils/validate';
import { AuthCard } from './AuthCard';
import { useFieldMessage } from './useFieldMessage';

type Field = keyof NewPasswordValues;

/**
 * Where invitation and password reset links lead (/set-password#<token>). The token is in the
 * fragment, which the browser never sends to a server.
 */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const { hash } = useLocation();
  const token = hash.replace(/^#/, '');
  const setPassword = useSetPassword();
  const status = usePasswordLinkStatus(token);
  const link = status.data;
  const [values, setValues] = useState<NewPasswordValues>({ password: '', confirm: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  if (setPassword.isSuccess) return <Navigate to={paths.home} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateNewPassword(token, values);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) setPassword.mutate(result.body);
  };

  const field = (name: Field, label: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete="new-password"
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={errors[name] !== undefined}
      helperText={
        fieldMessage(errors[name]) ??
        (name === 'password' ? t('auth.passwordRule', { min: MIN_PASSWORD_LENGTH }) : undefined)
      }
    />
  );

  const form = (
    <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ mt: 2 }}>
      {setPassword.error && <ErrorAlert error={setPassword.error} title={t('auth.setPasswordFailed')} />}
      {/* The account's address, for password managers to save the new password under. */}
      <input type="email" autoComplete="username" value={link?.valid ? link.email : ''} readOnly hidden />
      {field('password', t('auth.password'))}
      {field('confirm', t('auth.confirmPassword'))}
      <Button type="submit" variant="contained" size="large" loading={setPassword.isPending}>
        {t('auth.setPassword')}
      </Button>
    </Stack>
  );

  const intro = (
    <Typography variant="body2" color="text.secondary">
      {t('auth.setPasswordIntro')}
    </Typography>
  );

  const body = () => {
    if (!token)
      return (
        <>
          {intro}
          <Alert severity="warning" sx={{ mt: 2 }}>
            {t('auth.setPasswordLinkMissing')}
          </Alert>
        </>
      );
    if (status.isPending) return <LoadingState label={t('auth.setPasswordChecking')} />;
    // A check that failed (the network, the server) leaves the form: setting the password says why.
    if (status.error)
      return (
        <>
          {intro}
          <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />
          {form}
        </>
      );
    if (!link?.valid)
      return (
        <Stack spacing={2} sx={{ mt: 2 }}>
          <Alert severity="error">{t('auth.setPasswordLinkInvalid')}</Alert>
          <Link component={RouterLink} to={paths.login}>
            {t('auth.goToSignIn')}
          </Link>
        </Stack>
      );
    return (
      <>
        <Typography sx={{ mt: 1 }}>
          {t(link.purpose === 'invite' ? 'auth.setPasswordInvite' : 'auth.setPasswordReset', {
            email: link.email,
          })}
        </Typography>
        {form}
      </>
    );
  };

  return <AuthCard title={t('auth.setPasswordTitle')}>{body()}</AuthCard>;
}
