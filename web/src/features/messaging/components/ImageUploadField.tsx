import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import UploadIcon from '@mui/icons-material/UploadFileOutlined';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { uploadMessageImage } from '../../../lib/api/files';
import { formatSize } from '../../../lib/format-size';
import type { UploadedImage } from '../utils/compose';
import { IMAGE_ACCEPT, imageFileProblem, imageFormat, imageSize, MAX_IMAGE_MB } from '../utils/image-file';
import type { ImageFileProblem } from '../utils/image-file';

type State =
  | { phase: 'idle' }
  | { phase: 'sending'; name: string; sent: number; total: number }
  | { phase: 'refused'; problem: ImageFileProblem }
  | { phase: 'failed'; error: unknown };

const percent = (sent: number, total: number) => (total > 0 ? Math.round((sent / total) * 100) : 0);

interface Props {
  app: string;
  service: boolean;
  convId: string;
  image: UploadedImage | undefined;
  onChange: (image: UploadedImage | undefined) => void;
}

/**
 * Picks an image, reads its pixel size, and stores it in the app through the console's upload
 * (the bff holds the keys); the message then names the stored file. A picked image is stored at
 * once, so the message's size is known before it is sent.
 */
export function ImageUploadField({ app, service, convId, image, onChange }: Props) {
  const { t } = useTranslation();
  const [state, setState] = useState<State>({ phase: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const stop = useRef<AbortController | null>(null);
  useEffect(() => () => stop.current?.abort(), []);

  const pick = async (file: File) => {
    const problem = imageFileProblem(file);
    const size = problem ? undefined : await imageSize(file);
    if (problem || !size) {
      setState({ phase: 'refused', problem: problem ?? 'unreadable' });
      return;
    }
    onChange(undefined);
    stop.current = new AbortController();
    setState({ phase: 'sending', name: file.name, sent: 0, total: file.size });
    try {
      const stored = await uploadMessageImage(
        app,
        { service, conversation: convId },
        file,
        (sent, total) => setState({ phase: 'sending', name: file.name, sent, total }),
        stop.current.signal,
      );
      setState({ phase: 'idle' });
      onChange({
        url: stored.url,
        objectId: stored.objectId,
        name: stored.name,
        format: imageFormat(file.type),
        size: file.size,
        ...size,
      });
    } catch (error) {
      if (!stop.current.signal.aborted) setState({ phase: 'failed', error });
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1 }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <input
          ref={input}
          type="file"
          hidden
          accept={IMAGE_ACCEPT}
          aria-label={t('messaging.send.imageFile')}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void pick(file);
          }}
        />
        <Button
          variant="outlined"
          startIcon={<UploadIcon />}
          disabled={state.phase === 'sending'}
          onClick={() => input.current?.click()}
        >
          {t(image ? 'messaging.send.imageReplace' : 'messaging.send.imageChoose')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {image
            ? t('messaging.send.imageStored', {
                name: image.name,
                width: image.width,
                height: image.height,
                size: formatSize(image.size),
              })
            : t('messaging.send.imageHint', { mb: MAX_IMAGE_MB })}
        </Typography>
      </Box>
      {state.phase === 'sending' && (
        <Box>
          <LinearProgress
            variant="determinate"
            value={percent(state.sent, state.total)}
            aria-label={t('edit.upload.progressLabel', { name: state.name })}
          />
          <Typography variant="body2" role="status">
            {t('edit.upload.progress', { name: state.name, percent: percent(state.sent, state.total) })}
          </Typography>
        </Box>
      )}
      {state.phase === 'refused' && (
        <Alert severity="error">
          {t(`messaging.send.imageProblems.${state.problem}`, { mb: MAX_IMAGE_MB })}
        </Alert>
      )}
      {state.phase === 'failed' && <ErrorAlert error={state.error} title={t('edit.upload.failed')} />}
    </Box>
  );
}
