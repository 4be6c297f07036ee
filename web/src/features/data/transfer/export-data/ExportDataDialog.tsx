import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../../components/ErrorAlert';
import { isRunning } from './api';
import { useExportTask } from './use-export-task';

export interface ExportDataDialogProps {
  app: string;
  /** Offered as the class to export; the person may clear it for all classes. */
  className: string;
  onClose: () => void;
}

/** The app's exportData task: start it, watch it run, download the archive when it is done. */
export function ExportDataDialog({ app, className, onClose }: ExportDataDialogProps) {
  const { t } = useTranslation();
  const [classes, setClasses] = useState(className);
  const [onlySchema, setOnlySchema] = useState(false);
  const { start, starting, task, error } = useExportTask(app);
  const started = task !== undefined;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('transfer.exportAllTitle')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('transfer.exportAllIntro')}</DialogContentText>
        <TextField
          fullWidth
          label={t('transfer.classes')}
          value={classes}
          disabled={started}
          onChange={(e) => setClasses(e.target.value)}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={onlySchema}
              disabled={started}
              onChange={(e) => setOnlySchema(e.target.checked)}
            />
          }
          label={t('transfer.onlySchema')}
        />
        {(starting || isRunning(task)) && (
          <>
            <LinearProgress sx={{ mt: 2 }} aria-label={t('transfer.running', { id: task?.id ?? '' })} />
            {task && (
              <Alert severity="info" sx={{ mt: 1 }}>
                {t('transfer.running', { id: task.id })}
              </Alert>
            )}
          </>
        )}
        {task?.status === 'done' && (
          <Alert
            severity="success"
            sx={{ mt: 2 }}
            action={
              task.download_url ? (
                <Button component="a" href={task.download_url} download>
                  {t('transfer.download')}
                </Button>
              ) : undefined
            }
          >
            {t('transfer.done')}
          </Alert>
        )}
        {task && !isRunning(task) && task.status !== 'done' && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('transfer.taskFailed', { status: task.status })}
          </Alert>
        )}
        {error && <ErrorAlert error={error} />}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('transfer.close')}</Button>
        <Button
          variant="contained"
          disabled={started || starting}
          onClick={() => start({ classes, onlySchema })}
        >
          {t('transfer.start')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
