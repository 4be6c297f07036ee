import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useShowTime } from '../../../lib/time-zone';
import { isoOf, useChangeList, useConversation, useMutes, useOnlineCount } from '../api/conversations';
import type { Conversation } from '../api/conversations';
import { kindOf } from '../utils/kinds';
import { ClientListPanel } from './ClientListPanel';
import { convName } from './ConversationsPage';
import { HistoryPanel } from './HistoryPanel';
import { KindChip } from './KindChip';
import { SendMessageForm } from './SendMessageForm';
import { SubscribersPanel } from './SubscribersPanel';

/** One conversation of any kind: its facts, members and mutes or subscribers, history, sender. */
export function ConversationPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const id = useRequiredParam('convId');
  const conv = useConversation(app, id);
  return (
    <Box sx={{ p: 3 }}>
      <Link component={RouterLink} to={paths.messaging(app)}>
        {t('messaging.conversation.back')}
      </Link>
      {conv.error && <ErrorAlert error={conv.error} onRetry={() => void conv.refetch()} />}
      {conv.isPending && <LoadingState />}
      {conv.data === null && (
        <Typography variant="h5" component="h1" sx={{ mt: 2 }}>
          {t('messaging.conversation.notFound', { id })}
        </Typography>
      )}
      {conv.data && <ConversationView app={app} conv={conv.data} />}
    </Box>
  );
}

function ConversationView({ app, conv }: { app: string; conv: Conversation }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const kind = kindOf(conv);
  const id = conv.objectId;
  const canModerate = useAppPermission(app, 'im.moderate');
  const canBroadcast = useAppPermission(app, 'im.broadcast');
  const canSend = kind === 'service' ? canBroadcast : canModerate;
  const mutes = useMutes(app, id, kind === 'conversation');
  const online = useOnlineCount(app, id, kind === 'chatroom');
  const members = useChangeList(app, id, 'members');
  const muting = useChangeList(app, id, 'mutes');
  const last = isoOf(conv.lm);
  const facts: [string, string][] = [
    [t('messaging.conversation.id'), id],
    [t('messaging.conversation.creator'), conv.c ?? '—'],
    [t('messaging.conversation.created'), showTime(conv.createdAt)],
    [t('messaging.conversation.lastMessage'), last ? showTime(last) : '—'],
  ];
  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {convName(conv) ?? t('messaging.conversations.unnamed', { id })}
        </Typography>
        <KindChip kind={kind} />
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
        >
          {facts.map(([k, v]) => (
            <Box key={k} sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {k}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {v}
              </Typography>
            </Box>
          ))}
          {kind === 'chatroom' && (
            <Box sx={{ display: 'contents' }}>
              <Typography component="dt" variant="body2" color="text.secondary">
                {t('messaging.conversation.online')}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {online.data ?? '…'}
              </Typography>
            </Box>
          )}
        </Box>
      </Paper>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '2fr 1fr' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <HistoryPanel app={app} kind={kind} convId={id} />
          {canSend && <SendMessageForm app={app} kind={kind} convId={id} />}
        </Stack>
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          {kind === 'conversation' && (
            <ClientListPanel
              app={app}
              list="members"
              ids={conv.m ?? []}
              change={members}
              canWrite={canModerate}
            />
          )}
          {kind === 'conversation' && (
            <>
              {mutes.error && <ErrorAlert error={mutes.error} />}
              <ClientListPanel
                app={app}
                list="mutes"
                ids={mutes.data ?? []}
                change={muting}
                canWrite={canModerate}
              />
            </>
          )}
          {kind === 'service' && <SubscribersPanel app={app} id={id} canWrite={canModerate} />}
        </Stack>
      </Box>
    </Stack>
  );
}
