import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ReportedField } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ImportMapping } from './ImportMapping';
import { ImportPreview } from './ImportPreview';
import { ImportResult } from './ImportResult';
import { useImport } from './use-import';

export interface ImportDialogProps {
  app: string;
  className: string;
  /** The class's schema, which types the file's text. */
  fields: Record<string, ReportedField>;
  onClose: () => void;
}

/** Import a CSV or JSON file into a class: choose, map the columns, check the preview, write. */
export function ImportDialog({ app, className, fields, onClose }: ImportDialogProps) {
  const { t } = useTranslation();
  const imp = useImport(app, className, fields);
  const { file, run } = imp;
  const running = run.phase === 'running';
  const badRows = imp.prepared.filter((r) => r.errors.length > 0).length;
  const sendable = imp.prepared.length - badRows;

  return (
    <Dialog open onClose={running ? undefined : onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('transfer.importTitle', { className })}</DialogTitle>
      <DialogContent>
        <Button component="label" variant="outlined" disabled={running}>
          {t('transfer.chooseFile')}
          <input
            hidden
            type="file"
            accept=".csv,.json,.jsonl,.ndjson,text/csv,application/json"
            aria-label={t('transfer.chooseFile')}
            onChange={(e) => {
              const f = e.target.files?.[0];
              if (f) void imp.choose(f);
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('transfer.fileHint')}
        </Typography>
        {imp.parseError && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {t('transfer.parseFailed', imp.parseError)}
          </Alert>
        )}
        {file && run.phase === 'ready' && (
          <>
            <Typography sx={{ mt: 2 }}>
              {t('transfer.rowsRead', { count: file.parsed.rows.length, name: file.name })}
            </Typography>
            <Alert severity="info" sx={{ my: 2 }}>
              {t('transfer.upsertNote')}
            </Alert>
            <ImportMapping
              columns={file.parsed.columns}
              fields={fields}
              mapping={imp.mapping}
              onChange={imp.setMapping}
            />
            {badRows > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                {t('transfer.errorRows', { count: badRows })}
              </Alert>
            )}
            <ImportPreview columns={file.parsed.columns} raw={file.parsed.rows} prepared={imp.prepared} />
          </>
        )}
        {running && (
          <>
            <LinearProgress
              sx={{ mt: 2 }}
              variant="determinate"
              value={run.progress.total ? (100 * run.progress.done) / run.progress.total : 0}
              aria-label={t('transfer.importing', { ...run.progress })}
            />
            <Typography role="status" sx={{ mt: 1 }}>
              {t('transfer.importing', { ...run.progress })}
            </Typography>
          </>
        )}
        {run.phase === 'finished' && <ImportResult outcome={run.outcome} />}
      </DialogContent>
      <DialogActions>
        {running ? (
          <Button onClick={imp.cancel}>{t('transfer.cancel')}</Button>
        ) : (
          <Button onClick={onClose}>{t('transfer.close')}</Button>
        )}
        {file && run.phase === 'ready' && (
          <Button variant="contained" disabled={sendable === 0} onClick={imp.start}>
            {t('transfer.startImport', { count: sendable })}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
