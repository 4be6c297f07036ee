import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { PasswordLink } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { useShowTime } from '../../../lib/time-zone';

/** A link to choose a password, shown once: the server keeps only its hash. */
export function OneTimeLink({ link }: { link: PasswordLink }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const [copied, setCopied] = useState(false);
  const url = new URL(link.url, window.location.origin).href;
  const copy = () => void navigator.clipboard.writeText(url).then(() => setCopied(true));
  return (
    <Stack spacing={1.5}>
      <Alert severity="info">{t('admin.link.hint', { expires: showTime(link.expiresAt) })}</Alert>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          label={t('admin.link.label')}
          value={url}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(e) => e.target.select()}
        />
        <Button onClick={copy}>{copied ? t('admin.link.copied') : t('admin.link.copy')}</Button>
      </Stack>
    </Stack>
  );
}
