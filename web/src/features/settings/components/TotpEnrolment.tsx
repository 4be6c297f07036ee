import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TotpEnrolmentResponse } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useConfirmTotp, useStartTotp } from '../api/totp';
import { groupSecret } from '../utils/totp-code';
import { TotpCodeForm } from './TotpCodeForm';
import { TotpQrCode } from './TotpQrCode';

/**
 * Turning two-step sign-in on: a new key (QR code and text) for the authenticator app, then a code
 * from the app to prove it was added. The key is shown only here, never fetched again.
 */
export function TotpEnrolment({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const [enrolment, setEnrolment] = useState<TotpEnrolmentResponse>();

  const begin = () => {
    confirm.reset();
    start.mutate(undefined, { onSuccess: setEnrolment });
  };

  if (!enrolment) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t(pending ? 'settings.security.pending' : 'settings.security.off')}</Typography>
        {start.error ? <ErrorAlert error={start.error} title={t('settings.security.failed')} /> : null}
        <Button variant="outlined" onClick={begin} loading={start.isPending}>
          {t(pending ? 'settings.security.restart' : 'settings.security.turnOn')}
        </Button>
      </Stack>
    );
  }

  return (
    <Stack spacing={2}>
      <Typography>{t('settings.security.scan')}</Typography>
      <TotpQrCode uri={enrolment.uri} />
      <Stack spacing={0.5}>
        <Typography variant="body2" color="text.secondary" id="totp-secret-label">
          {t('settings.security.secret')}
        </Typography>
        <Typography
          aria-labelledby="totp-secret-label"
          sx={{ fontFamily: 'monospace', fontSize: '1.1rem', userSelect: 'all' }}
          data-secret={enrolment.secret}
        >
          {groupSecret(enrolment.secret)}
        </Typography>
      </Stack>
      <TotpCodeForm
        submitLabel={t('settings.security.confirm')}
        onSubmit={(code) => confirm.mutate(code)}
        pending={confirm.isPending}
        error={confirm.error}
        actions={
          <Button onClick={() => setEnrolment(undefined)} disabled={confirm.isPending}>
            {t('settings.security.cancel')}
          </Button>
        }
      />
    </Stack>
  );
}
