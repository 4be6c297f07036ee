import { useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { paths, safeNextPath } from '../../../lib/paths';
import { useSession } from '../api/get-session';
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

  // A successful login stores the session, and this redirect takes over from there.
  if (session.data) return <Navigate to={safeNextPath(params.get('next'))} replace />;
  if (setupStatus.data?.needed) return <Navigate to={paths.setup} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateLogin(values);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) login.mutate(result.body);
  };

  return (
    <AuthCard title={t('auth.loginTitle')}>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ mt: 2 }}>
        {login.error && <ErrorAlert error={login.error} title={t('auth.loginFailed')} />}
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
        <Button type="submit" variant="contained" size="large" loading={login.isPending}>
          {t('auth.signIn')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
