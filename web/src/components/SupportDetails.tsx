import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * What only support needs (the request id, a technical message), folded away under the error so
 * the reader sees what to do first; the id can be copied in one click.
 */
export function SupportDetails({
  requestId,
  technical,
}: {
  requestId?: string | undefined;
  technical?: string;
}) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  if (!requestId && !technical) return null;
  const copy = () => {
    if (!requestId) return;
    navigator.clipboard.writeText(requestId).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <Box component="details" sx={{ mt: 1, typography: 'caption' }}>
      <Box component="summary" sx={{ cursor: 'pointer' }}>
        {t('errors.support')}
      </Box>
      {technical && (
        <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace' }}>
          {technical}
        </Typography>
      )}
      {requestId && (
        <Typography variant="caption" component="p">
          {t('errors.requestId', { requestId })}{' '}
          <Button size="small" color="inherit" onClick={copy} sx={{ minWidth: 0, py: 0 }}>
            {copied ? t('errors.copied') : t('errors.copyRequestId')}
          </Button>
        </Typography>
      )}
    </Box>
  );
}
