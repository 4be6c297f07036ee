import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { filePreviewUrl } from '../../../lib/api/files';
import { formatSize } from '../../../lib/format-size';
import { useAppPermission } from '../../../lib/session';
import { messageContent } from '../utils/content';

/**
 * A message's content drawn by its type; links only to web URLs. The console's pages load images
 * from their own origin only (img-src 'self'), so an image stored in the app is shown through the
 * console's thumbnail of that file, to roles that may read files; other images are linked.
 */
export function MessageBody({ app, data, recalled }: { app: string; data: string; recalled: boolean }) {
  const { t } = useTranslation();
  const canPreview = useAppPermission(app, 'files.read');
  const c = messageContent(data, recalled);
  switch (c.kind) {
    case 'recalled':
      return (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
          {t('messaging.history.recalled')}
        </Typography>
      );
    case 'text':
      return <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.text}</Typography>;
    case 'location':
      return (
        <Typography>
          {t('messaging.history.location', { lat: c.latitude, lon: c.longitude })}
          {c.text ? ` — ${c.text}` : ''}
        </Typography>
      );
    case 'custom':
      return (
        <Box>
          <Typography variant="caption" color="text.secondary">
            {c.type === undefined
              ? t('messaging.history.custom')
              : t('messaging.history.customType', { type: c.type })}
          </Typography>
          <Box component="pre" sx={{ m: 0, fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {JSON.stringify(c.json, null, 2)}
          </Box>
        </Box>
      );
    default: {
      const label = `${t(`messaging.history.types.${c.kind}`)}${c.name ? `: ${c.name}` : ''}${
        c.size !== undefined ? ` (${formatSize(c.size)})` : ''
      }`;
      return (
        <Box>
          {c.url ? (
            <Link href={c.url} target="_blank" rel="noopener noreferrer">
              {label}
            </Link>
          ) : (
            <Typography>{label}</Typography>
          )}
          {c.kind === 'image' && c.objectId && canPreview && (
            <Box
              component="img"
              src={filePreviewUrl(app, c.objectId)}
              alt={c.name ?? t('messaging.history.types.image')}
              loading="lazy"
              sx={{ display: 'block', maxWidth: 240, maxHeight: 240, mt: 0.5, borderRadius: 1 }}
            />
          )}
          {c.text && <Typography>{c.text}</Typography>}
        </Box>
      );
    }
  }
}
