import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useMigration } from '../api/migrations';
import { migratePaths } from '../utils/paths';
import { ClassProgressTable } from './ClassProgressTable';
import { MigrateGate } from './MigrateGate';
import { MigrationReport } from './MigrationReport';
import { RunActions } from './RunActions';
import { RunSummary } from './RunSummary';

/** One run: its progress while it moves (asked every second), then its report. */
export function MigrationRunPage() {
  const app = useRequiredParam('app');
  return (
    <MigrateGate app={app}>
      <RunView app={app} />
    </MigrateGate>
  );
}

function RunView({ app }: { app: string }) {
  const { t } = useTranslation();
  const id = useRequiredParam('id');
  const run = useMigration(app, id);
  const migration = run.data;

  return (
    <Box sx={{ p: 3, maxWidth: 1100 }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {t('migrate.run.title')}
        </Typography>
        <Button component={RouterLink} to={migratePaths.home(app)}>
          {t('migrate.run.back')}
        </Button>
      </Stack>
      {run.error && <ErrorAlert error={run.error} onRetry={() => void run.refetch()} />}
      {run.isPending && <LoadingState />}
      {migration && (
        <Stack spacing={3}>
          <RunSummary migration={migration} />
          <RunActions app={app} migration={migration} />
          <ClassProgressTable classes={migration.classes} />
          <MigrationReport migration={migration} />
        </Stack>
      )}
    </Box>
  );
}
