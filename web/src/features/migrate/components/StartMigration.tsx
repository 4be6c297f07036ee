import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Migration } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { LiveSourceForm } from './LiveSourceForm';
import { UploadExportForm } from './UploadExportForm';

type Source = 'upload' | 'live';

export interface StartMigrationProps {
  app: string;
  onStarted: (migration: Migration) => void;
}

/** Picks where the data comes from; each source has its own form and its own Start. */
export function StartMigration({ app, onStarted }: StartMigrationProps) {
  const { t } = useTranslation();
  const [source, setSource] = useState<Source>('upload');
  const [downloadFiles, setDownloadFiles] = useState(false);

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
      <Stack spacing={2}>
        <FormControl>
          <FormLabel id="migrate-source">{t('migrate.choose')}</FormLabel>
          <RadioGroup
            row
            aria-labelledby="migrate-source"
            value={source}
            onChange={(e) => setSource(e.target.value as Source)}
          >
            <FormControlLabel value="upload" control={<Radio />} label={t('migrate.fromUpload')} />
            <FormControlLabel value="live" control={<Radio />} label={t('migrate.fromLive')} />
          </RadioGroup>
        </FormControl>
        <FormControlLabel
          control={<Checkbox checked={downloadFiles} onChange={(e) => setDownloadFiles(e.target.checked)} />}
          label={t('migrate.downloadFiles')}
        />
        <Typography variant="body2" color="text.secondary">
          {t('migrate.idempotent')}
        </Typography>
        {source === 'upload' ? (
          <UploadExportForm app={app} downloadFiles={downloadFiles} onStarted={onStarted} />
        ) : (
          <LiveSourceForm app={app} downloadFiles={downloadFiles} onStarted={onStarted} />
        )}
      </Stack>
    </Paper>
  );
}
