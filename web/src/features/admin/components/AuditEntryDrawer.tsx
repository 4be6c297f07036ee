import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Typography from '@mui/material/Typography';
import type { AuditEntry } from '@switchboard/shared';
import { useTranslation } from 'react-i18next';
import { describeTarget } from '../utils/audit-text';
import { DiffTable } from './DiffTable';
import { useShowTime } from '../../../lib/time-zone';

/** One audit entry in full: who, what, the outcome, and the object before and after. */
export function AuditEntryDrawer({ entry, onClose }: { entry: AuditEntry | null; onClose: () => void }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const rows: [string, string][] = entry
    ? [
        [t('admin.audit.fields.time'), showTime(entry.at)],
        [t('admin.audit.fields.actor'), entry.actorEmail ?? '—'],
        [t('admin.audit.fields.role'), entry.role ? t(`roles.${entry.role}`) : '—'],
        [t('admin.audit.fields.app'), entry.app ?? '—'],
        [t('admin.audit.fields.action'), entry.action],
        [
          t('admin.audit.fields.target'),
          describeTarget(entry.target, (k) => t(`admin.audit.targets.${k}`)) || '—',
        ],
        [
          t('admin.audit.fields.result'),
          `${t(`admin.audit.results.${entry.result}`)}${entry.status ? ` (${entry.status})` : ''}`,
        ],
        [t('admin.audit.fields.requestId'), entry.requestId ?? '—'],
        [t('admin.audit.fields.ip'), entry.ip ?? '—'],
      ]
    : [];
  return (
    <Drawer anchor="right" open={entry !== null} onClose={onClose}>
      {entry && (
        <Box sx={{ width: 640, maxWidth: '100vw', p: 3 }} role="region" aria-label={t('admin.audit.detail')}>
          <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
            {entry.action}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', gap: 1, m: 0 }}>
            {rows.map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-all' }}>
                  {value}
                </Typography>
              </Box>
            ))}
          </Box>
          {entry.summary != null && (
            <>
              <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
                {t('admin.audit.summary')}
              </Typography>
              <Box component="pre" sx={{ m: 0, fontSize: 13, whiteSpace: 'pre-wrap' }}>
                {typeof entry.summary === 'string' ? entry.summary : JSON.stringify(entry.summary, null, 2)}
              </Box>
            </>
          )}
          <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
            {t('admin.audit.diff')}
          </Typography>
          {entry.before == null && entry.after == null ? (
            <Typography variant="body2">{t('admin.audit.noObject')}</Typography>
          ) : (
            <DiffTable before={entry.before} after={entry.after} />
          )}
        </Box>
      )}
    </Drawer>
  );
}
