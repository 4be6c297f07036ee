import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import type { MigrationClass } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { classFraction } from '../utils/status';

/** Per class: read, written, skipped, failed, and how far it got when its total is known. */
export function ClassProgressTable({ classes }: { classes: readonly MigrationClass[] }) {
  const { t, i18n } = useTranslation();
  if (classes.length === 0) return null;
  const n = (v: number) => v.toLocaleString(i18n.language);

  return (
    <Table size="small" aria-label={t('migrate.run.classes')}>
      <TableHead>
        <TableRow>
          <TableCell>{t('migrate.run.class')}</TableCell>
          <TableCell align="right">{t('migrate.run.read')}</TableCell>
          <TableCell align="right">{t('migrate.run.written')}</TableCell>
          <TableCell align="right">{t('migrate.run.skipped')}</TableCell>
          <TableCell align="right">{t('migrate.run.failed')}</TableCell>
          <TableCell sx={{ width: 200 }}>{t('migrate.run.progress')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {classes.map((c) => {
          const fraction = classFraction(c);
          return (
            <TableRow key={c.name}>
              <TableCell component="th" scope="row">
                {c.name}
              </TableCell>
              <TableCell align="right">{n(c.read)}</TableCell>
              <TableCell align="right">{n(c.written)}</TableCell>
              <TableCell align="right">{n(c.skipped)}</TableCell>
              <TableCell align="right">{n(c.failed)}</TableCell>
              <TableCell>
                {c.done ? (
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    <CheckCircleIcon color="success" fontSize="small" aria-hidden />
                    {t('migrate.run.done')}
                  </Box>
                ) : (
                  fraction !== null && (
                    <LinearProgress
                      variant="determinate"
                      value={Math.round(fraction * 100)}
                      aria-label={t('migrate.run.progressOf', { name: c.name })}
                    />
                  )
                )}
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
