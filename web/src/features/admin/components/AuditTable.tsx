import { darken } from '@mui/material/styles';
import type { Theme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuditEntry } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { describeTarget } from '../utils/audit-text';
import { useShowTime } from '../../../lib/time-zone';

/** The palette's orange on white is below 4.5:1: darkened in light mode it reads, and stays orange. */
const warning = (theme: Theme) =>
  theme.palette.mode === 'light' ? darken(theme.palette.warning.main, 0.4) : theme.palette.warning.light;

const RESULT_COLOR: Record<AuditEntry['result'], ((theme: Theme) => string) | string | undefined> = {
  ok: undefined,
  denied: warning,
  error: 'error.main',
  pending: warning,
  unknown: warning,
};

/** Audit entries as the server sends them (newest first); a row opens the entry. */
export function AuditTable({ entries, onOpen }: { entries: AuditEntry[]; onOpen: (e: AuditEntry) => void }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const columns = ['time', 'actor', 'app', 'action', 'target', 'result'] as const;
  return (
    <Table size="small" aria-label={t('admin.audit.title')}>
      <TableHead>
        <TableRow>
          {columns.map((c) => (
            <TableCell key={c}>{t(`admin.audit.fields.${c}`)}</TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow
            key={entry.id}
            hover
            tabIndex={0}
            sx={{ cursor: 'pointer' }}
            onClick={() => onOpen(entry)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') onOpen(entry);
            }}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{showTime(entry.at)}</TableCell>
            <TableCell>{entry.actorEmail ?? '—'}</TableCell>
            <TableCell>{entry.app ?? '—'}</TableCell>
            <TableCell>{entry.action}</TableCell>
            <TableCell>{describeTarget(entry.target, (k) => t(`admin.audit.targets.${k}`))}</TableCell>
            <TableCell sx={{ color: RESULT_COLOR[entry.result] }}>
              {t(`admin.audit.results.${entry.result}`)}
              {entry.status ? ` (${entry.status})` : ''}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
