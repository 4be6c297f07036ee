import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/paths';
import { useShowTime } from '../../../lib/time-zone';
import type { ImMessage } from '../api/history';
import { MessageBody } from './MessageBody';

export type MessageAction = 'modify' | 'recall' | 'delete';

interface Props {
  app: string;
  m: ImMessage;
  /** The message a deep link named: marked and scrolled to. */
  highlighted: boolean;
  /** Actions offered (none for a reader without the right). */
  actions: MessageAction[];
  onAction: (a: MessageAction, m: ImMessage) => void;
  /** In a virtualized list: the item's index, its top in px, and the list's measuring ref. */
  virtual?: { index: number; top: number; measure: (el: HTMLElement | null) => void };
}

/**
 * One message: sender, time, mentions, content by type, raw JSON on demand, moderation actions.
 * Memoized: appending a page leaves the messages already shown alone (their objects stay the same
 * through the query's structural sharing).
 */
export const MessageItem = memo(function MessageItem({
  app,
  m,
  highlighted,
  actions,
  onAction,
  virtual,
}: Props) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const [raw, setRaw] = useState(false);
  const mentions = m['mention-pids'] ?? [];
  return (
    <Box
      component="li"
      data-testid={`message-${m['msg-id']}`}
      data-index={virtual?.index}
      ref={(el: HTMLElement | null) => {
        virtual?.measure(el);
        if (el && highlighted) el.scrollIntoView({ block: 'center' });
      }}
      style={
        virtual
          ? {
              position: 'absolute',
              top: 0,
              left: 0,
              width: '100%',
              transform: `translateY(${virtual.top}px)`,
            }
          : undefined
      }
      sx={{
        listStyle: 'none',
        p: 1.5,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: highlighted ? 'action.selected' : undefined,
      }}
    >
      <Stack
        direction="row"
        spacing={1}
        useFlexGap
        sx={{ alignItems: 'baseline', flexWrap: 'wrap', mb: 0.5 }}
      >
        <Link component={RouterLink} to={paths.imClient(app, m.from)} sx={{ fontWeight: 600 }}>
          {m.from}
        </Link>
        <Link
          component={RouterLink}
          to={paths.conversation(app, m['conv-id'], { id: m['msg-id'], ts: m.timestamp })}
          variant="caption"
          color="text.secondary"
          aria-label={t('messaging.history.permalink', {
            time: showTime(new Date(m.timestamp).toISOString()),
          })}
        >
          {showTime(new Date(m.timestamp).toISOString())}
        </Link>
        {m.recalled && <Chip size="small" label={t('messaging.history.recalledChip')} />}
        {m['mention-all'] && (
          <Chip size="small" variant="outlined" label={t('messaging.history.mentionAll')} />
        )}
        {mentions.length > 0 && (
          <Typography variant="caption">
            {t('messaging.history.mentions', { ids: mentions.join(', ') })}
          </Typography>
        )}
        {m.to_clients && (
          <Typography variant="caption">
            {t('messaging.history.to', { ids: m.to_clients.join(', ') })}
          </Typography>
        )}
      </Stack>
      <MessageBody app={app} data={m.data} recalled={m.recalled === true} />
      <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
        <Button size="small" onClick={() => setRaw((v) => !v)} aria-expanded={raw}>
          {raw ? t('messaging.history.hideRaw') : t('messaging.history.raw')}
        </Button>
        {actions.map((a) => (
          <Button
            key={a}
            size="small"
            color={a === 'modify' ? 'primary' : 'error'}
            onClick={() => onAction(a, m)}
            aria-label={t(`messaging.actions.${a}One`, { from: m.from })}
          >
            {t(`messaging.actions.${a}`)}
          </Button>
        ))}
      </Stack>
      {raw && (
        <Box
          component="pre"
          sx={{ m: 0, mt: 1, p: 1, fontSize: 12, bgcolor: 'action.hover', overflow: 'auto' }}
        >
          {JSON.stringify(m, null, 2)}
        </Box>
      )}
    </Box>
  );
});
