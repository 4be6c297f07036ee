import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { diffObjects, showValue } from '../utils/diff';
import type { FieldChange } from '../utils/diff';

const TINT: Record<FieldChange['kind'], string | undefined> = {
  added: 'success.main',
  removed: 'error.main',
  changed: 'warning.main',
  unchanged: undefined,
};

const cell = { fontFamily: 'monospace', wordBreak: 'break-all', verticalAlign: 'top' } as const;

/** The object before and after the action, side by side, one row per field. */
export function DiffTable({ before, after }: { before: unknown; after: unknown }) {
  const { t } = useTranslation();
  const changes = diffObjects(before, after);
  if (changes.length === 0) return null;
  return (
    <Table size="small" aria-label={t('admin.audit.diff')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('admin.audit.field')}</TableCell>
          <TableCell>{t('admin.audit.change')}</TableCell>
          <TableCell>{t('admin.audit.before')}</TableCell>
          <TableCell>{t('admin.audit.after')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {changes.map((c) => (
          <TableRow key={c.field} sx={{ opacity: c.kind === 'unchanged' ? 0.6 : 1 }}>
            <TableCell sx={cell}>{c.field}</TableCell>
            <TableCell sx={{ color: TINT[c.kind] }}>{t(`admin.audit.kinds.${c.kind}`)}</TableCell>
            <TableCell sx={cell}>{showValue(c.before)}</TableCell>
            <TableCell sx={cell}>{showValue(c.after)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
