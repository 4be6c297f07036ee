import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { androidPreview, iosPreview } from '../utils/preview';
import type { Preview } from '../utils/preview';

function Notification({ label, preview, testId }: { label: string; preview: Preview; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ flex: 1, minWidth: 0 }} data-testid={testId}>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Paper variant="outlined" sx={{ p: 1.5, borderRadius: 3 }}>
        {preview.silent ? (
          <Typography variant="body2" color="text.secondary">
            {t('push.compose.previewSilent')}
          </Typography>
        ) : (
          <>
            {preview.title && (
              <Typography variant="subtitle2" component="p">
                {preview.title}
              </Typography>
            )}
            {preview.subtitle && <Typography variant="body2">{preview.subtitle}</Typography>}
            <Typography variant="body2">{preview.body || t('push.compose.previewEmpty')}</Typography>
            {preview.badge !== undefined && (
              <Typography variant="caption" color="text.secondary">
                {`${t('push.compose.fields.badge')}: ${String(preview.badge)}`}
              </Typography>
            )}
          </>
        )}
      </Paper>
    </Box>
  );
}

/** How each platform will show the push, from the `data` that will be sent. */
export function PreviewPanel({ data }: { data: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  const d = data ?? {};
  return (
    <Stack spacing={1} component="section" aria-labelledby="push-preview">
      <Typography variant="h6" component="h2" id="push-preview">
        {t('push.compose.preview')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <Notification label={t('push.compose.previewIos')} preview={iosPreview(d)} testId="preview-ios" />
        <Notification
          label={t('push.compose.previewAndroid')}
          preview={androidPreview(d)}
          testId="preview-android"
        />
      </Stack>
    </Stack>
  );
}
