import { useState } from 'react';
import type { FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Navigate, useSearchParams } from 'react-router';
import { MIN_PASSWORD_LENGTH } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useSetupStatus } from '../api/get-setup-status';
import { useSetup } from '../api/setup';
import { validateSetup } from '../utils/validate';
import type { FieldErrors, SetupValues } from '../utils/validate';
import { AuthCard } from './AuthCard';
import { useFieldMessage } from './useFieldMessage';

type Field = keyof SetupValues;

export function SetupPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const [params] = useSearchParams();
  const status = useSetupStatus();
  const setup = useSetup();
  // The terminal prints a link with the token, so following it fills the field.
  const [values, setValues] = useState<SetupValues>(() => ({
    token: params.get('token') ?? '',
    email: '',
    password: '',
    confirm: '',
  }));
  const [errors, setErrors] = useState<FieldErrors<Field>>({});

  if (setup.isSuccess) return <Navigate to={paths.home} replace />;
  if (status.isPending) return <LoadingState />;
  if (status.data && !status.data.needed) return <Navigate to={paths.login} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const result = validateSetup(values);
    setErrors(result.ok ? {} : result.errors);
    if (result.ok) setup.mutate(result.body);
  };

  const field = (name: Field, label: string, type: string, autoComplete: string) => (
    <TextField
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
      error={errors[name] !== undefined}
      helperText={
        fieldMessage(errors[name]) ??
        (name === 'password' ? t('auth.passwordRule', { min: MIN_PASSWORD_LENGTH }) : undefined)
      }
    />
  );

  return (
    <AuthCard title={t('auth.setupTitle')}>
      <Typography variant="body2" color="text.secondary">
        {t('auth.setupIntro')}
      </Typography>
      <Stack component="form" noValidate spacing={2} onSubmit={onSubmit} sx={{ mt: 2 }}>
        {status.error && <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />}
        {setup.error && <ErrorAlert error={setup.error} title={t('auth.setupFailed')} />}
        {field('token', t('auth.setupToken'), 'text', 'off')}
        {field('email', t('auth.email'), 'email', 'username')}
        {field('password', t('auth.password'), 'password', 'new-password')}
        {field('confirm', t('auth.confirmPassword'), 'password', 'new-password')}
        <Button type="submit" variant="contained" size="large" loading={setup.isPending}>
          {t('auth.createAdmin')}
        </Button>
      </Stack>
    </AuthCard>
  );
}
