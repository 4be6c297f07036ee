import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { PushRecord } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useShowTime } from '../../../lib/time-zone';
import { audienceText } from '../utils/audience-text';
import { contentSummary } from '../utils/content';
import { CHANNEL_NAMES, successesByChannel } from '../utils/counts';
import { sourceLabel } from '../utils/source';
import { StatusChip } from './StatusChip';

/** One row per push record; successes per channel on hover or focus. */
export function RecordsTable({ app, records }: { app: string; records: PushRecord[] }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  return (
    <Table size="small" aria-label={t('push.records.title')}>
      <TableHead>
        <TableRow>
          {(['status', 'time', 'content', 'audience', 'targets', 'successes', 'source'] as const).map((f) => (
            <TableCell key={f}>{t(`push.records.fields.${f}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {records.map((r) => {
          const perChannel = successesByChannel(r)
            .map((c) => t('push.records.perChannel', { channel: CHANNEL_NAMES[c.channel], count: c.count }))
            .join(', ');
          const source = sourceLabel(r, t);
          return (
            <TableRow key={r.objectId} hover data-testid={`push-record-${r.objectId}`}>
              <TableCell>
                <StatusChip status={r.status} />
              </TableCell>
              <TableCell>{showTime(r['push-time'] ?? r.createdAt)}</TableCell>
              <TableCell sx={{ maxWidth: 360 }}>
                <Link component={RouterLink} to={paths.pushRecord(app, r.objectId)}>
                  {contentSummary(r.data)}
                </Link>
              </TableCell>
              <TableCell>{audienceText(r.where, t('push.records.everyone'))}</TableCell>
              <TableCell>{r.devices}</TableCell>
              <TableCell>
                {perChannel ? (
                  <Tooltip title={perChannel}>
                    <span tabIndex={0} aria-label={`${r.successes} (${perChannel})`}>
                      {r.successes}
                    </span>
                  </Tooltip>
                ) : (
                  r.successes
                )}
              </TableCell>
              <TableCell>{source}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
