import { useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { parseTotpCode } from '../utils/totp-code';

export interface TotpCodeFormProps {
  submitLabel: string;
  onSubmit: (code: string) => void;
  pending: boolean;
  error: unknown;
  /** Further buttons beside the submit one (e.g. cancel). */
  actions?: ReactNode;
}

/** One field for a code from the authenticator app, checked before it is sent. */
export function TotpCodeForm({ submitLabel, onSubmit, pending, error, actions }: TotpCodeFormProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = parseTotpCode(value);
    setInvalid(code === undefined);
    if (code !== undefined) onSubmit(code);
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit}>
      {error ? <ErrorAlert error={error} title={t('settings.security.failed')} /> : null}
      <TextField
        label={t('settings.security.code')}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 9 } }}
        error={invalid}
        helperText={invalid ? t('settings.security.codeInvalid') : undefined}
        sx={{ maxWidth: 240 }}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" loading={pending}>
          {submitLabel}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}
