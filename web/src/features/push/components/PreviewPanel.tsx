import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { androidPreview, iosPreview, previewVendors } from '../utils/preview';
import type { Preview } from '../utils/preview';

type Appearance = 'light' | 'dark';

/** How a device paints a notification in its light and dark appearance (not the console's theme). */
const PAINT: Record<Appearance, { bg: string; fg: string; muted: string; border: string }> = {
  light: { bg: '#f2f2f7', fg: '#111111', muted: '#555555', border: '#d0d0d7' },
  dark: { bg: '#2c2c2e', fg: '#f5f5f5', muted: '#c7c7cc', border: '#48484a' },
};

function Notification(p: { label: string; preview: Preview; testId: string; appearance: Appearance }) {
  const { t } = useTranslation();
  const { preview } = p;
  const paint = PAINT[p.appearance];
  return (
    <Box sx={{ flex: 1, minWidth: 200 }} data-testid={p.testId}>
      <Typography variant="caption" color="text.secondary">
        {p.label}
      </Typography>
      <Paper
        variant="outlined"
        data-appearance={p.appearance}
        sx={{ p: 1.5, borderRadius: 3, bgcolor: paint.bg, color: paint.fg, borderColor: paint.border }}
      >
        {preview.silent ? (
          <Typography variant="body2" sx={{ color: paint.muted }}>
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
              <Typography variant="caption" sx={{ color: paint.muted }}>
                {`${t('push.compose.fields.badge')}: ${String(preview.badge)}`}
              </Typography>
            )}
          </>
        )}
      </Paper>
    </Box>
  );
}

/**
 * How each platform will show the push, from the `data` that will be sent: iOS, Android, and each
 * Android vendor the payload has its own object for; in the device's light or dark appearance.
 */
export function PreviewPanel({ data }: { data: Record<string, unknown> | undefined }) {
  const { t } = useTranslation();
  // Starts as the console's own theme; the operator switches to see the other.
  const theme = useTheme();
  const [appearance, setAppearance] = useState<Appearance>(theme.palette.mode);
  const d = data ?? {};
  return (
    <Stack spacing={1} component="section" aria-labelledby="push-preview">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h6" component="h2" id="push-preview" sx={{ flex: 1 }}>
          {t('push.compose.preview')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={appearance}
          onChange={(_, v: Appearance | null) => v && setAppearance(v)}
          aria-label={t('push.compose.previewAppearance')}
        >
          <ToggleButton value="light">{t('push.compose.previewLight')}</ToggleButton>
          <ToggleButton value="dark">{t('push.compose.previewDark')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
        <Notification
          label={t('push.compose.previewIos')}
          preview={iosPreview(d)}
          testId="preview-ios"
          appearance={appearance}
        />
        <Notification
          label={t('push.compose.previewAndroid')}
          preview={androidPreview(d)}
          testId="preview-android"
          appearance={appearance}
        />
        {previewVendors(d).map((v) => (
          <Notification
            key={v}
            label={t('push.compose.previewVendor', { vendor: t(`push.compose.overrides.platform.${v}`) })}
            preview={androidPreview(d, v)}
            testId={`preview-${v}`}
            appearance={appearance}
          />
        ))}
      </Stack>
    </Stack>
  );
}
