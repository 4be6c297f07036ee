import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { MAX_MIGRATION_UPLOAD_BYTES } from '@switchboard/shared';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useUploadMigration } from '../api/upload-migration';
import { formatSize } from '../../../lib/format-size';
import { EXPORT_ACCEPT, fileProblem } from '../utils/upload-file';

export interface UploadExportFormProps {
  app: string;
  downloadFiles: boolean;
  onStarted: (migration: Migration) => void;
}

/** Chooses an export, refuses what the bff would refuse before sending, and shows the upload. */
export function UploadExportForm({ app, downloadFiles, onStarted }: UploadExportFormProps) {
  const { t, i18n } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState<{ sent: number; total: number } | null>(null);
  const upload = useUploadMigration(app, (s, total) => setSent({ sent: s, total }));
  const size = (n: number) => formatSize(n, i18n.language);
  const max = size(MAX_MIGRATION_UPLOAD_BYTES);
  const problem = file ? fileProblem(file) : null;

  const start = () => {
    if (!file || problem) return;
    setSent({ sent: 0, total: file.size });
    upload.mutate({ file, downloadFiles }, { onSuccess: onStarted });
  };

  return (
    <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
      <Button component="label" variant="outlined" startIcon={<UploadFileIcon />} disabled={upload.isPending}>
        {t('migrate.upload.choose')}
        <input
          type="file"
          hidden
          accept={EXPORT_ACCEPT}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            upload.reset();
            setSent(null);
          }}
        />
      </Button>
      <Typography variant="body2" color="text.secondary" id="migrate-upload-hint">
        {t('migrate.upload.hint', { max })}
      </Typography>
      <Typography aria-live="polite">
        {file
          ? t('migrate.upload.chosen', { name: file.name, size: size(file.size) })
          : t('migrate.upload.none')}
      </Typography>
      {problem && (
        <Typography color="error" role="alert">
          {t(`migrate.upload.problems.${problem}`, { max })}
        </Typography>
      )}
      {upload.isPending && sent && file && (
        <Box sx={{ width: '100%', maxWidth: 480 }}>
          <LinearProgress
            variant="determinate"
            value={sent.total > 0 ? (100 * sent.sent) / sent.total : 0}
            aria-label={t('migrate.upload.uploading', { name: file.name })}
          />
          <Typography variant="body2">
            {t('migrate.upload.progress', { sent: size(sent.sent), total: size(sent.total) })}
          </Typography>
        </Box>
      )}
      {upload.error && <ErrorAlert error={upload.error} />}
      <Button variant="contained" onClick={start} disabled={!file || problem !== null || upload.isPending}>
        {t('migrate.start')}
      </Button>
    </Stack>
  );
}
