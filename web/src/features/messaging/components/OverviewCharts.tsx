import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ImStats } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ChartFigure } from '../../../components/charts/ChartFigure';
import { formatInZone } from '../../../lib/time-zone';
import { onlineSeries, peakOf, total } from '../utils/overview';

const HEIGHT = 240;

/** Users and messages per day, and online clients over the last 24 hours. */
export function OverviewCharts({ stats, timeZone, now }: { stats: ImStats; timeZone: string; now: Date }) {
  const { t } = useTranslation();
  // The theme's colours, so each chart keeps its contrast in the dark theme too.
  const { palette } = useTheme();
  const labels = stats.days.map((d) => d.day.slice(5));
  const online = onlineSeries(stats, now);
  const clock = (at: Date) => formatInZone(at, timeZone).text.slice(11, 16);
  const peak = peakOf(online);
  const dayColumns = (series: string) => [t('messaging.overview.day'), series];
  return (
    <Stack spacing={2}>
      <ChartFigure
        testId="im-overview-users"
        title={t('messaging.overview.usersPerDay')}
        summary={t('messaging.overview.usersSummary', {
          count: stats.days.length,
          total: total(stats.days, 'users'),
          today: stats.usersToday,
        })}
        table={{
          columns: dayColumns(t('messaging.overview.users')),
          rows: stats.days.map((d) => ({ key: d.day, cells: [d.day, d.users] })),
        }}
      >
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: labels }]}
          series={[{ data: stats.days.map((d) => d.users), label: t('messaging.overview.users') }]}
          hideLegend
        />
      </ChartFigure>
      <ChartFigure
        testId="im-overview-messages"
        title={t('messaging.overview.messagesPerDay')}
        summary={t('messaging.overview.messagesSummary', {
          count: stats.days.length,
          total: total(stats.days, 'messages'),
          today: stats.days.at(-1)?.messages ?? 0,
        })}
        table={{
          columns: dayColumns(t('messaging.overview.messages')),
          rows: stats.days.map((d) => ({ key: d.day, cells: [d.day, d.messages] })),
        }}
      >
        <BarChart
          height={HEIGHT}
          xAxis={[{ scaleType: 'band', data: labels }]}
          series={[
            {
              data: stats.days.map((d) => d.messages),
              label: t('messaging.overview.messages'),
              color: palette.secondary.main,
            },
          ]}
          hideLegend
        />
      </ChartFigure>
      <ChartFigure
        testId="im-overview-online"
        title={t('messaging.overview.onlineDay')}
        summary={
          peak
            ? t('messaging.overview.onlineSummary', {
                peak: peak.count,
                at: clock(peak.at),
                now: stats.onlineNow,
              })
            : t('messaging.overview.onlineNoSamples')
        }
        table={{
          columns: [t('messaging.overview.time'), t('messaging.overview.online')],
          rows: online
            .filter((p) => p.count !== null)
            .map((p) => ({ key: String(p.at.getTime()), cells: [clock(p.at), p.count ?? 0] })),
        }}
      >
        <LineChart
          height={HEIGHT}
          xAxis={[
            { scaleType: 'time', data: online.map((p) => p.at), valueFormatter: (v: Date) => clock(v) },
          ]}
          series={[
            {
              data: online.map((p) => p.count),
              label: t('messaging.overview.online'),
              showMark: false,
              curve: 'linear',
              area: true,
            },
          ]}
          hideLegend
        />
      </ChartFigure>
    </Stack>
  );
}
