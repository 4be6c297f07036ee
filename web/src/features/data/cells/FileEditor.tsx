import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { MAX_FILE_UPLOAD_BYTES } from '@switchboard/shared';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useAppPermission } from '../../../lib/session';
import { uploadFile } from '../../../lib/api/files';
import { parseFile } from '../editing/codec';
import { ok, prettyJson } from '../editing/json-text';
import type { EditorProps } from './editor-types';
import { DraftField } from './TextEditors';

type Upload =
  | { phase: 'idle' }
  | { phase: 'sending'; name: string; sent: number; total: number }
  | { phase: 'failed'; error: unknown };

const percent = (sent: number, total: number) => (total > 0 ? Math.round((sent / total) * 100) : 0);

/**
 * A File field: its value as JSON, or a new file uploaded into the app. The upload only stores
 * the file; the field changes when the cell is saved, through the same conditional update as any
 * other edit.
 */
export function FileEditor(props: EditorProps) {
  const { t } = useTranslation();
  const canUpload = useAppPermission(props.app, 'files.write');
  const [value, setValue] = useState(props.value);
  const [version, setVersion] = useState(0);
  const [upload, setUpload] = useState<Upload>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const stop = useRef<AbortController | null>(null);
  // Closing the editor mid-upload stops sending the file.
  useEffect(() => () => stop.current?.abort(), []);

  const send = async (file: File) => {
    if (file.size > MAX_FILE_UPLOAD_BYTES) {
      setUpload({
        phase: 'failed',
        error: new Error(t('edit.upload.tooBig', { mb: MAX_FILE_UPLOAD_BYTES / 2 ** 20 })),
      });
      return;
    }
    stop.current = new AbortController();
    setUpload({ phase: 'sending', name: file.name, sent: 0, total: file.size });
    try {
      const uploaded = await uploadFile(
        props.app,
        file,
        (sent, total) => setUpload({ phase: 'sending', name: file.name, sent, total }),
        stop.current.signal,
      );
      setUpload({ phase: 'idle' });
      setValue(uploaded);
      // A new key starts the JSON text afresh from the uploaded file's value.
      setVersion((v) => v + 1);
      props.onChange(ok(uploaded));
    } catch (error) {
      if (!stop.current.signal.aborted) setUpload({ phase: 'failed', error });
    }
  };

  const initial = value === undefined || value === null ? '' : prettyJson(value);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <DraftField
        key={version}
        {...props}
        label={t('edit.fileJson')}
        initial={initial}
        parse={parseFile}
        multiline
        monospace
      />
      {canUpload && (
        <Box>
          <input
            ref={input}
            type="file"
            hidden
            aria-label={t('edit.upload.choose')}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void send(file);
            }}
          />
          <Button
            startIcon={<UploadIcon />}
            disabled={upload.phase === 'sending'}
            onClick={() => input.current?.click()}
          >
            {t('edit.upload.button')}
          </Button>
        </Box>
      )}
      {upload.phase === 'sending' && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent(upload.sent, upload.total)}
            aria-label={t('edit.upload.progressLabel', { name: upload.name })}
          />
          <Typography variant="body2" role="status">
            {t('edit.upload.progress', { name: upload.name, percent: percent(upload.sent, upload.total) })}
          </Typography>
        </Box>
      )}
      {upload.phase === 'failed' && <ErrorAlert error={upload.error} title={t('edit.upload.failed')} />}
    </Box>
  );
}
