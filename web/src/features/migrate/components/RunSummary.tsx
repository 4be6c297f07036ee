import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { etaFromSeconds } from '../utils/eta';
import { finishedWithFailures, isActive, overallFraction, totals } from '../utils/status';
import { StatusChip } from './StatusChip';
import { useShowTime } from '../../../lib/time-zone';

/** Status, source, overall progress and time left; why the run stopped, when it did. */
export function RunSummary({ migration: m }: { migration: Migration }) {
  const { t, i18n } = useTranslation();
  const showTime = useShowTime();
  const n = (v: number) => v.toLocaleString(i18n.language);
  const fraction = overallFraction(m);
  const active = isActive(m.status);
  const eta = active ? etaFromSeconds(m.etaSeconds) : null;
  const sum = totals(m.classes);
  const leftBehind = finishedWithFailures(m);

  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <StatusChip migration={m} />
        <Typography>{t('migrate.run.source', { source: m.source })}</Typography>
        <Typography variant="body2" color="text.secondary">
          {t(`migrate.kinds.${m.kind}`)}
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('migrate.run.startedBy', { who: m.createdBy, when: showTime(m.createdAt) })}
        {m.finishedAt ? ` · ${t('migrate.run.finishedAt', { when: showTime(m.finishedAt) })}` : ''}
      </Typography>
      {m.error && <Alert severity={m.status === 'failed' ? 'error' : 'warning'}>{m.error}</Alert>}
      {leftBehind > 0 && (
        <Alert severity="warning">{t('migrate.run.finishedWithFailures', { count: leftBehind })}</Alert>
      )}
      <Box sx={{ maxWidth: 640 }}>
        <LinearProgress
          aria-label={t('migrate.run.overall')}
          variant={fraction === null && active ? 'indeterminate' : 'determinate'}
          value={Math.round((fraction ?? 0) * 100)}
        />
        <Stack direction="row" spacing={2} sx={{ mt: 0.5 }}>
          <Typography variant="body2" aria-live="polite" sx={{ flex: 1 }}>
            {t('migrate.run.totals', {
              read: n(sum.read),
              written: n(sum.written),
              skipped: n(sum.skipped),
              failed: n(sum.failed),
            })}
          </Typography>
          {eta && (
            <Typography variant="body2">
              {eta.unit === 'lessThanMinute'
                ? t('migrate.eta.lessThanMinute')
                : t(`migrate.eta.${eta.unit}`, { count: eta.count })}
            </Typography>
          )}
        </Stack>
        {active && m.classes.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('migrate.run.waiting')}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
