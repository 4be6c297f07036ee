import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRequiredParam } from '../../../lib/routing';
import { migratePaths } from '../utils/paths';
import { MigrateGate } from './MigrateGate';
import { MigrationHistory } from './MigrationHistory';
import { StartMigration } from './StartMigration';

/** The wizard's first page: start a run from an export or a live app, and find past runs. */
export function MigratePage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const navigate = useNavigate();

  return (
    <MigrateGate app={app}>
      <Box sx={{ p: 3, maxWidth: 960 }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('migrate.title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('migrate.intro')}</Typography>
        <StartMigration app={app} onStarted={(m) => void navigate(migratePaths.run(app, m.id))} />
        <MigrationHistory app={app} />
      </Box>
    </MigrateGate>
  );
}
