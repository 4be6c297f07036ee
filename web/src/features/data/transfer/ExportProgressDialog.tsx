import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { formatSize } from '../../../lib/format-size';
import type { ExportState } from './use-export-download';

export interface ExportProgressDialogProps {
  state: ExportState;
  onCancel: () => void;
  onClose: () => void;
}

/** What an export download is doing: objects and bytes so far, with cancel; then how it ended. */
export function ExportProgressDialog({ state, onCancel, onClose }: ExportProgressDialogProps) {
  const { t, i18n } = useTranslation();
  if (state.phase === 'idle') return null;
  const running = state.phase === 'running';
  const counts = running ? state.progress : state.phase === 'done' ? state.result : undefined;
  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{t('transfer.exporting', { className: state.request.className })}</DialogTitle>
      <DialogContent>
        {running && (
          <LinearProgress aria-label={t('transfer.exporting', { className: state.request.className })} />
        )}
        {counts && (
          <Typography role="status" sx={{ mt: 2 }}>
            {t('transfer.received', { count: counts.rows, size: formatSize(counts.bytes, i18n.language) })}
          </Typography>
        )}
        {state.phase === 'done' &&
          (state.result.incomplete ? (
            <Alert severity="warning" sx={{ mt: 2 }}>
              {t('transfer.incomplete', { message: state.result.incomplete })}
            </Alert>
          ) : (
            <Alert severity="success" sx={{ mt: 2 }}>
              {t('transfer.saved', { filename: state.result.filename })}
            </Alert>
          ))}
        {state.phase === 'failed' && <ErrorAlert error={state.error} title={t('transfer.exportFailed')} />}
      </DialogContent>
      <DialogActions>
        {running ? (
          <Button onClick={onCancel}>{t('transfer.cancel')}</Button>
        ) : (
          <Button onClick={onClose}>{t('transfer.close')}</Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
