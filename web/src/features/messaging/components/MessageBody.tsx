import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatSize } from '../../../lib/format-size';
import { messageContent } from '../utils/content';

/**
 * A message's content drawn by its type; links only to web URLs. Images are linked, not shown:
 * the console's pages load images from their own origin only (img-src 'self').
 */
export function MessageBody({ data, recalled }: { data: string; recalled: boolean }) {
  const { t } = useTranslation();
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
          {c.text && <Typography>{c.text}</Typography>}
        </Box>
      );
    }
  }
}
