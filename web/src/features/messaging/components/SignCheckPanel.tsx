import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { toConsoleApiError } from '../../../lib/api/error';
import { useAppPermission } from '../../../lib/session';
import { useSignCheck } from '../api/client-checks';

/**
 * Signature check: what the server's login-signature service answers for a user's session, with
 * the app's `_rtmClientSign` hook's verdict when it has one. Session tokens and signatures are
 * credentials, so the panel is there only for roles with secrets.read.
 */
export function SignCheckPanel({ app, id }: { app: string; id: string }) {
  const { t } = useTranslation();
  const canCheck = useAppPermission(app, 'secrets.read');
  const [token, setToken] = useState('');
  const check = useSignCheck(app);
  if (!canCheck) return null;
  const answer = check.data;
  const refused = check.error ? toConsoleApiError(check.error) : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="client-sign">
      <Typography variant="h6" component="h2" id="client-sign">
        {t('messaging.sign.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('messaging.sign.hint')}
      </Typography>
      <Stack
        component="form"
        direction="row"
        spacing={2}
        sx={{ alignItems: 'flex-start', maxWidth: 640 }}
        onSubmit={(e) => {
          e.preventDefault();
          if (token.trim()) check.mutate(token.trim());
        }}
      >
        <TextField
          size="small"
          fullWidth
          type="password"
          autoComplete="off"
          label={t('messaging.sign.token')}
          value={token}
          onChange={(e) => setToken(e.target.value)}
        />
        <Button type="submit" variant="outlined" disabled={!token.trim() || check.isPending}>
          {t('messaging.sign.check')}
        </Button>
      </Stack>
      {answer && (
        <Alert severity={answer.client_id === id ? 'success' : 'warning'} sx={{ mt: 2 }}>
          <Typography variant="body2">
            {answer.client_id === id
              ? t('messaging.sign.allowed', { id: answer.client_id })
              : t('messaging.sign.otherClient', { id: answer.client_id, page: id })}
          </Typography>
          <Typography
            variant="body2"
            component="pre"
            sx={{ m: 0, fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}
          >
            {JSON.stringify(answer, null, 2)}
          </Typography>
        </Alert>
      )}
      {refused && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t('messaging.sign.refused', { status: refused.status, message: refused.message })}
        </Alert>
      )}
    </Paper>
  );
}
