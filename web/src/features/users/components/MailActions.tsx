import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useSendMail } from '../api/mail';

/**
 * Sends a password reset or a verification mail. Against our server the mail's link is shown
 * from its outbox (no mail leaves it); against LeanCloud the mail is really sent.
 */
export function MailActions({ app, email }: { app: string; email: string }) {
  const { t } = useTranslation();
  const send = useSendMail(app, email);
  const sent = send.data;
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate('reset_password')}>
          {t('users.mail.reset')}
        </Button>
        <Button variant="outlined" disabled={send.isPending} onClick={() => send.mutate('verify_email')}>
          {t('users.mail.verify')}
        </Button>
      </Stack>
      {send.error && <ErrorAlert error={send.error} />}
      {sent && (
        <Alert severity="success">
          <Typography variant="body2">
            {t(sent.kind === 'reset_password' ? 'users.mail.resetSent' : 'users.mail.verifySent', { email })}
          </Typography>
          {sent.link ? (
            <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
              {t('users.mail.outboxLink')}{' '}
              <Link href={sent.link} target="_blank" rel="noreferrer">
                {sent.link}
              </Link>
            </Typography>
          ) : (
            sent.ours && <Typography variant="body2">{t('users.mail.noOutboxLink')}</Typography>
          )}
        </Alert>
      )}
    </Stack>
  );
}
