import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCancelMigration, useResumeMigration } from '../api/migrations';
import { canCancel, canResume } from '../utils/status';

/** Cancel (after asking) while the run moves; resume once it stopped before the end. */
export function RunActions({ app, migration }: { app: string; migration: Migration }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const cancel = useCancelMigration(app);
  const resume = useResumeMigration(app);
  const error = cancel.error ?? resume.error;

  return (
    <Stack spacing={1}>
      {error && <ErrorAlert error={error} />}
      <Stack direction="row" spacing={1}>
        {canCancel(migration.status) && (
          <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
            {t('migrate.run.cancel')}
          </Button>
        )}
        {canResume(migration.status) && (
          <Button variant="contained" disabled={resume.isPending} onClick={() => resume.mutate(migration.id)}>
            {t('migrate.run.resume')}
          </Button>
        )}
      </Stack>
      <Dialog open={confirming} onClose={() => setConfirming(false)}>
        <DialogTitle>{t('migrate.run.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('migrate.run.cancelText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{t('migrate.run.keepRunning')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={cancel.isPending}
            onClick={() => cancel.mutate(migration.id, { onSettled: () => setConfirming(false) })}
          >
            {t('migrate.run.confirmCancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
