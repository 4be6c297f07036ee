import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { CAPABILITIES } from '@switchboard/shared';
import type { AppSummary } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAppCapabilities, useAppHealth } from '../api/app-status';
import { clockSkewSeconds } from '../utils/health';

/** One configured app: its names and ids (never keys), whether it answers, and what it offers. */
export function AppStatusCard({ app }: { app: AppSummary }) {
  const { t } = useTranslation();
  const health = useAppHealth(app.id);
  const caps = useAppCapabilities(app.id);
  const skew = health.data?.serverTime ? clockSkewSeconds(health.data.serverTime, health.data.checkedAt) : 0;

  return (
    <Card variant="outlined" component="section" aria-label={app.name}>
      <CardContent>
        <Typography variant="subtitle1" component="h3">
          {app.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('settings.appIds', { id: app.id, appId: app.appId })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
          {health.isPending && <Chip size="small" label={t('settings.checking')} />}
          {health.data && (
            <Chip
              size="small"
              color={health.data.reachable ? 'success' : 'error'}
              label={
                health.data.reachable
                  ? t('settings.reachable', { ms: health.data.latencyMs ?? 0 })
                  : t('settings.unreachable')
              }
            />
          )}
          {Math.abs(skew) >= 30 && (
            <Chip
              size="small"
              color="warning"
              label={t('settings.clockSkew', { seconds: Math.round(skew) })}
            />
          )}
        </Stack>
        {health.data?.message && (
          <Typography variant="body2" color="error" sx={{ mt: 1 }}>
            {health.data.message}
          </Typography>
        )}
        {health.error && <ErrorAlert error={health.error} onRetry={() => void health.refetch()} />}
        <Typography variant="body2" sx={{ mt: 2, mb: 0.5 }}>
          {t('settings.offers')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }} aria-label={t('settings.offers')}>
          {caps.data &&
            CAPABILITIES.map((c) => (
              <Chip
                key={c}
                size="small"
                variant={caps.data.areas[c] ? 'filled' : 'outlined'}
                label={`${t(`settings.areas.${c}`)}: ${caps.data.areas[c] ? t('settings.yes') : t('settings.no')}`}
              />
            ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
