import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { isActive } from '../utils/status';

/** Once the run stopped: each class's failures (where and why) and the files left aside. */
export function MigrationReport({ migration: m }: { migration: Migration }) {
  const { t } = useTranslation();
  if (isActive(m.status)) return null;
  const failing = m.classes.filter((c) => c.failures.length > 0);

  return (
    <section aria-labelledby="migrate-report">
      <Typography variant="h6" component="h2" id="migrate-report" gutterBottom>
        {t('migrate.run.report')}
      </Typography>
      {/* A run that failed as a whole (an export that cannot be read) says why above. */}
      {failing.length === 0 && m.status !== 'failed' && (
        <Typography>{t('migrate.run.noFailures')}</Typography>
      )}
      {failing.map((c) => (
        <Table
          key={c.name}
          size="small"
          aria-label={t('migrate.run.failuresOf', { name: c.name })}
          sx={{ mb: 2 }}
        >
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>
            {t('migrate.run.failuresOf', { name: c.name })}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell>{t('migrate.run.where')}</TableCell>
              <TableCell>{t('migrate.run.message')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {c.failures.map((f, i) => (
              <TableRow key={`${f.where}-${i}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{f.where}</TableCell>
                <TableCell>{f.message}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ))}
      {m.ignoredFiles.length > 0 && (
        <Table size="small" aria-label={t('migrate.run.ignored')}>
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>{t('migrate.run.ignored')}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{t('migrate.run.path')}</TableCell>
              <TableCell>{t('migrate.run.reason')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {m.ignoredFiles.map((f) => (
              <TableRow key={f.path}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{f.path}</TableCell>
                <TableCell>{f.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
