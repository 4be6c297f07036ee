import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useTimeZone } from '../../../lib/time-zone';
import { STATS_REFRESH_MS, useImStats } from '../api/stats';
import { isQuiet } from '../utils/overview';
import { MessagingTabs } from './MessagingTabs';
import { OverviewCharts } from './OverviewCharts';

const PERIODS = [7, 30, 90] as const;

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: number;
  hint: string;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 200, flex: 1 }} data-testid={testId}>
      <Typography variant="body2" color="text.secondary" component="h2">
        {label}
      </Typography>
      <Typography variant="h4" component="p">
        {value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {hint}
      </Typography>
    </Paper>
  );
}

/** Who is online now, who logged in today, and users, messages and online clients over time. */
export function OverviewPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const { timeZone } = useTimeZone();
  const [days, setDays] = useState<number>(30);
  const stats = useImStats(app, days);
  const data = stats.data;
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('messaging.title')}
      </Typography>
      <MessagingTabs app={app} current="overview" />
      {stats.error && <ErrorAlert error={stats.error} onRetry={() => void stats.refetch()} />}
      {stats.isPending && <LoadingState />}
      {data && (
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} aria-live="polite">
            <Figure
              testId="im-online-now"
              label={t('messaging.overview.onlineNow')}
              value={data.onlineNow}
              hint={t('messaging.overview.live', { seconds: STATS_REFRESH_MS / 1000 })}
            />
            <Figure
              testId="im-users-today"
              label={t('messaging.overview.usersToday')}
              value={data.usersToday}
              hint={t('messaging.overview.utcDay')}
            />
          </Stack>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <ToggleButtonGroup
              exclusive
              size="small"
              value={days}
              onChange={(_, v: number | null) => v && setDays(v)}
              aria-label={t('messaging.overview.period')}
            >
              {PERIODS.map((n) => (
                <ToggleButton key={n} value={n}>
                  {t('messaging.overview.days', { count: n })}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>
            <Typography variant="body2" color="text.secondary">
              {t('messaging.overview.daysNote')}
            </Typography>
          </Stack>
          {isQuiet(data) && (
            <Typography color="text.secondary" data-testid="im-overview-empty">
              {t('messaging.overview.empty')}
            </Typography>
          )}
          <OverviewCharts stats={data} timeZone={timeZone} now={new Date()} />
        </Stack>
      )}
    </Box>
  );
}
