import { useState } from 'react';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useTimeZone } from '../../../lib/time-zone';
import { OVERVIEW_MAX, useRecentFigures } from '../api/overview';
import { figuresByDay } from '../utils/overview';
import { GatewaysSection } from './GatewaysSection';
import { PushTabs } from './PushTabs';

const SERIES = ['pushes', 'targets', 'successes', 'failed'] as const;

/** Pushes, targets, successes and failed pushes per day over 7 or 30 days: a chart and its table. */
export function OverviewPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const { timeZone } = useTimeZone();
  const [days, setDays] = useState(7);
  const recent = useRecentFigures(app, days);
  const byDay = recent.data ? figuresByDay(recent.data, days, timeZone, new Date()) : [];
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('push.overview.title')}
      </Typography>
      <PushTabs app={app} current="overview" />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={days}
        onChange={(_, v: number | null) => v && setDays(v)}
        aria-label={t('push.overview.period')}
        sx={{ mb: 2 }}
      >
        <ToggleButton value={7}>{t('push.overview.days', { count: 7 })}</ToggleButton>
        <ToggleButton value={30}>{t('push.overview.days', { count: 30 })}</ToggleButton>
      </ToggleButtonGroup>
      {recent.error && <ErrorAlert error={recent.error} onRetry={() => void recent.refetch()} />}
      {recent.isPending && <LoadingState />}
      {recent.data && (
        <>
          {recent.data.length >= OVERVIEW_MAX && (
            <Typography variant="body2" color="text.secondary">
              {t('push.overview.capped', { count: OVERVIEW_MAX })}
            </Typography>
          )}
          <Box role="figure" aria-label={t('push.overview.chart')} data-testid="push-overview-chart">
            <BarChart
              height={280}
              xAxis={[{ scaleType: 'band', data: byDay.map((d) => d.day.slice(5)) }]}
              series={SERIES.filter((s) => s !== 'pushes').map((s) => ({
                data: byDay.map((d) => d[s]),
                label: t(`push.overview.${s}`),
              }))}
            />
          </Box>
          <Table size="small" aria-label={t('push.overview.table')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('push.overview.day')}</TableCell>
                {SERIES.map((s) => (
                  <TableCell key={s} align="right">
                    {t(`push.overview.${s}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {byDay.map((d) => (
                <TableRow key={d.day}>
                  <TableCell>{d.day}</TableCell>
                  {SERIES.map((s) => (
                    <TableCell key={s} align="right">
                      {d[s]}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
      <GatewaysSection app={app} />
    </Box>
  );
}
