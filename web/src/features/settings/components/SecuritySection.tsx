import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useDisableTotp, useTotpStatus } from '../api/totp';
import { ChangePasswordForm } from './ChangePasswordForm';
import { TotpCodeForm } from './TotpCodeForm';
import { TotpEnrolment } from './TotpEnrolment';

/** The person's own sign-in security: their password, and two-step sign-in with an authenticator app (TOTP). */
export function SecuritySection() {
  const { t } = useTranslation();
  const status = useTotpStatus();
  const disable = useDisableTotp();

  return (
    <Stack component="section" aria-labelledby="settings-security" spacing={2} sx={{ maxWidth: 560 }}>
      <Typography variant="h6" component="h2" id="settings-security">
        {t('settings.security.title')}
      </Typography>
      {status.error && <ErrorAlert error={status.error} onRetry={() => void status.refetch()} />}
      {status.isPending && <LoadingState />}
      {status.data?.totpEnabled === true && (
        <>
          <Typography role="status">{t('settings.security.on')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {t('settings.security.turnOffHint')}
          </Typography>
          <TotpCodeForm
            submitLabel={t('settings.security.turnOff')}
            onSubmit={(code) => disable.mutate(code)}
            pending={disable.isPending}
            error={disable.error}
          />
        </>
      )}
      {status.data?.totpEnabled === false && <TotpEnrolment pending={status.data.totpPending} />}
      <ChangePasswordForm />
    </Stack>
  );
}
