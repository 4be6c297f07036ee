import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useCancelMigration, useDiscardMigrationUpload, useResumeMigration } from '../api/migrations';
import { canCancel, canDiscardUpload, canResumeRun } from '../utils/status';
import { ConfirmDialog } from './ConfirmDialog';

/**
 * Cancel (after asking) while the run moves; resume once it stopped before the end; discard
 * (after asking) the upload a stopped upload run keeps on the console server for resuming.
 */
export function RunActions({ app, migration }: { app: string; migration: Migration }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<'cancel' | 'discard' | null>(null);
  const cancel = useCancelMigration(app);
  const resume = useResumeMigration(app);
  const discard = useDiscardMigrationUpload(app);
  const error = cancel.error ?? resume.error ?? discard.error;
  const close = () => setConfirming(null);

  return (
    <Stack spacing={1}>
      {error && <ErrorAlert error={error} />}
      {migration.uploadDiscarded && <Alert severity="info">{t('migrate.run.uploadDiscarded')}</Alert>}
      <Stack direction="row" spacing={1}>
        {canCancel(migration.status) && (
          <Button variant="outlined" color="error" onClick={() => setConfirming('cancel')}>
            {t('migrate.run.cancel')}
          </Button>
        )}
        {canResumeRun(migration) && (
          <Button variant="contained" disabled={resume.isPending} onClick={() => resume.mutate(migration.id)}>
            {t('migrate.run.resume')}
          </Button>
        )}
        {canDiscardUpload(migration) && (
          <Button variant="outlined" color="error" onClick={() => setConfirming('discard')}>
            {t('migrate.run.discard')}
          </Button>
        )}
      </Stack>
      <ConfirmDialog
        open={confirming === 'cancel'}
        title={t('migrate.run.cancelTitle')}
        text={t('migrate.run.cancelText')}
        keepLabel={t('migrate.run.keepRunning')}
        confirmLabel={t('migrate.run.confirmCancel')}
        busy={cancel.isPending}
        onKeep={close}
        onConfirm={() => cancel.mutate(migration.id, { onSettled: close })}
      />
      <ConfirmDialog
        open={confirming === 'discard'}
        title={t('migrate.run.discardTitle')}
        text={t('migrate.run.discardText', { name: migration.source })}
        keepLabel={t('migrate.run.keepUpload')}
        confirmLabel={t('migrate.run.confirmDiscard')}
        busy={discard.isPending}
        onKeep={close}
        onConfirm={() => discard.mutate(migration.id, { onSettled: close })}
      />
    </Stack>
  );
}
