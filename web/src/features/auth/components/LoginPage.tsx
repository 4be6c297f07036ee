import { useState } from 'react';
import type { FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { toConsoleApiError } from '../../../lib/api';
import { paths, safeNextPath } from '../../../lib/paths';
import { useSession } from '../../../lib/session';
import { useSetupStatus } from '../api/get-setup-status';
import { useLogin } from '../api/login';
import { validateLogin } from '../utils/validate';
import type { FieldErrors, LoginValues } from '../utils/validate';
import { AuthCard } from './AuthCard';
import { useFieldMessage } from './useFieldMessage';

export function LoginPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [params] = useSearchParams();
  const session = useSession();
  const setupStatus = useSetupStatus();
  const login = useLogin();
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<keyof LoginValues>>({});
  // Once the server asked for a code (two-step sign-in), the form asks for it too.
  const code = login.error ? toConsoleApiError(login.error).code : undefined;
  const asksCode = values.totp !== undefined || code === 'totp_required';

  // A successful login stores the session, and this redirect takes over from there.
  if (session.data) return <Navigate to={safeNextPath(params.get('next'))} replace />;
  if (setupStatus.data?.needed) return <Navigate to={paths.setup} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLogin(asksCode ? { ...values, totp: values.totp ?? '' } : values);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) login.mutate(result.body);
  };

  return (
    <AuthCard title={t('auth.loginTitle')}>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ mt: 2 }}>
        {login.error && code !== 'totp_required' && (
          <ErrorAlert error={login.error} title={t('auth.loginFailed')} />
        )}
        <TextField
          label={t('auth.email')}
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={(e) => setValues({ ...values, email: e.target.value })}
          error={errors.email !== undefined}
          helperText={fieldMessage(errors.email)}
        />
        <TextField
          label={t('auth.password')}
          type="password"
          autoComplete="current-password"
          value={values.password}
          onChange={(e) => setValues({ ...values, password: e.target.value })}
          error={errors.password !== undefined}
          helperText={fieldMessage(errors.password)}
        />
        {asksCode && (
          <>
            <Alert severity="info">{t('auth.totpPrompt')}</Alert>
            <TextField
              label={t('auth.totpCode')}
              autoComplete="one-time-code"
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
              value={values.totp ?? ''}
              onChange={(e) => setValues({ ...values, totp: e.target.value })}
              error={errors.totp !== undefined}
              helperText={fieldMessage(errors.totp)}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
