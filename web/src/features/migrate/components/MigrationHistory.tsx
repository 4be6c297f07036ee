import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useMigrations } from '../api/migrations';
import { migratePaths } from '../utils/paths';
import { StatusChip } from './StatusChip';
import { useShowTime } from '../../../lib/time-zone';

/** Past runs into the app, newest first, each opening its run page. */
export function MigrationHistory({ app }: { app: string }) {
  const { t } = useTranslation();
  const runs = useMigrations(app);
  const showTime = useShowTime();

  return (
    <section aria-labelledby="migrate-history">
      <Typography variant="h6" component="h2" id="migrate-history" gutterBottom>
        {t('migrate.history.title')}
      </Typography>
      {runs.error && <ErrorAlert error={runs.error} onRetry={() => void runs.refetch()} />}
      {runs.isPending && <LoadingState />}
      {runs.data?.length === 0 && <Typography>{t('migrate.history.empty')}</Typography>}
      {runs.data && runs.data.length > 0 && (
        <Table size="small" aria-label={t('migrate.history.label')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('migrate.history.status')}</TableCell>
              <TableCell>{t('migrate.history.source')}</TableCell>
              <TableCell>{t('migrate.history.who')}</TableCell>
              <TableCell>{t('migrate.history.when')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {runs.data.map((m) => (
              <TableRow key={m.id}>
                <TableCell>
                  <StatusChip migration={m} />
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={migratePaths.run(app, m.id)}>
                    {m.source}
                  </Link>
                  <Typography variant="caption" component="div" color="text.secondary">
                    {t(`migrate.kinds.${m.kind}`)}
                  </Typography>
                </TableCell>
                <TableCell>{m.createdBy}</TableCell>
                <TableCell>{showTime(m.createdAt)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  );
}
