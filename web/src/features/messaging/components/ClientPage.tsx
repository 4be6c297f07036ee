import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useShowTime } from '../../../lib/time-zone';
import { useClientMessages, useOnline, useUnread } from '../api/clients';
import { useConversations } from '../api/conversations';
import type { Conversation } from '../api/conversations';
import { useSubscriptionsOf } from '../api/subscribers';
import { kindOf } from '../utils/kinds';
import { convName } from './ConversationsPage';
import { ClientDevicesPanel } from './ClientDevicesPanel';
import { KickDialog } from './KickDialog';
import { KindChip } from './KindChip';
import { MessageBody } from './MessageBody';
import { MessagingTabs } from './MessagingTabs';
import { SignCheckPanel } from './SignCheckPanel';

/**
 * One client: online now, unread counts, conversations, subscriptions, recent messages, devices,
 * the login-signature check, kick.
 */
export function ClientPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const id = useRequiredParam('clientId');
  const online = useOnline(app, id);
  const unread = useUnread(app, id);
  const canKick = useAppPermission(app, 'im.moderate');
  const canSeeUsers = useAppPermission(app, 'users.read');
  const [kicking, setKicking] = useState(false);
  const [kicked, setKicked] = useState<unknown>(undefined);
  return (
    <Box sx={{ p: 3 }}>
      <MessagingTabs app={app} current="clients" />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h5" component="h1">
          {t('messaging.client.title', { id })}
        </Typography>
        {online.data !== undefined && (
          <Chip
            role="status"
            color={online.data ? 'success' : 'default'}
            label={online.data ? t('messaging.client.online') : t('messaging.client.offline')}
          />
        )}
        <Typography variant="body2">{t('messaging.client.unread', { count: unread.data ?? 0 })}</Typography>
        <Box sx={{ flex: 1 }} />
        {canSeeUsers && (
          <Button component={RouterLink} to={paths.user(app, id)}>
            {t('messaging.client.user')}
          </Button>
        )}
        {canKick && (
          <Button color="error" variant="outlined" onClick={() => setKicking(true)}>
            {t('messaging.kick.action')}
          </Button>
        )}
      </Stack>
      {online.error && <ErrorAlert error={online.error} />}
      {kicked !== undefined && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setKicked(undefined)}>
          {t('messaging.kick.done', { answer: JSON.stringify(kicked) })}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' },
          alignItems: 'start',
        }}
      >
        <ClientConversations app={app} id={id} />
        <ClientSubscriptions app={app} id={id} />
      </Box>
      <ClientMessages app={app} id={id} />
      <ClientDevicesPanel app={app} id={id} />
      <SignCheckPanel app={app} id={id} />
      {kicking && (
        <KickDialog
          app={app}
          id={id}
          onClose={() => setKicking(false)}
          onDone={(answer) => {
            setKicking(false);
            setKicked(answer);
            void online.refetch();
          }}
        />
      )}
    </Box>
  );
}

function ClientConversations({ app, id }: { app: string; id: string }) {
  const { t } = useTranslation();
  const list = useConversations(app, { kind: '', where: { m: id }, page: 0 });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="client-convs">
      <Typography variant="h6" component="h2" id="client-convs">
        {t('messaging.client.conversations')}
      </Typography>
      {list.error && <ErrorAlert error={list.error} />}
      {list.isPending && <LoadingState />}
      {list.data && list.data.results.length === 0 && (
        <Typography variant="body2">{t('messaging.client.noConversations')}</Typography>
      )}
      {list.data && list.data.results.length > 0 && (
        <Table size="small" aria-label={t('messaging.client.conversations')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('messaging.conversations.fields.name')}</TableCell>
              <TableCell>{t('messaging.conversations.fields.kind')}</TableCell>
              <TableCell>{t('messaging.client.unreadHere')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.results.map((c) => (
              <ConversationRow key={c.objectId} app={app} client={id} conv={c} />
            ))}
          </TableBody>
        </Table>
      )}
    </Paper>
  );
}

function ConversationRow({ app, client, conv }: { app: string; client: string; conv: Conversation }) {
  const { t } = useTranslation();
  const unread = useUnread(app, client, conv.objectId);
  return (
    <TableRow>
      <TableCell>
        <Link component={RouterLink} to={paths.conversation(app, conv.objectId)}>
          {convName(conv) ?? t('messaging.conversations.unnamed', { id: conv.objectId })}
        </Link>
      </TableCell>
      <TableCell>
        <KindChip kind={kindOf(conv)} />
      </TableCell>
      <TableCell>{unread.data ?? '…'}</TableCell>
    </TableRow>
  );
}

function ClientSubscriptions({ app, id }: { app: string; id: string }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const subs = useSubscriptionsOf(app, id);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="client-subs">
      <Typography variant="h6" component="h2" id="client-subs">
        {t('messaging.client.subscriptions')}
      </Typography>
      {subs.error && <ErrorAlert error={subs.error} />}
      {subs.data && subs.data.length === 0 && (
        <Typography variant="body2">{t('messaging.client.noSubscriptions')}</Typography>
      )}
      <List dense>
        {subs.data?.map((s) => (
          <ListItem key={s.conv_id}>
            <ListItemText
              primary={
                <Link component={RouterLink} to={paths.conversation(app, s.conv_id)}>
                  {s.conv_id}
                </Link>
              }
              secondary={t('messaging.subscribers.since', {
                time: showTime(new Date(s.timestamp).toISOString()),
              })}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

function ClientMessages({ app, id }: { app: string; id: string }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const msgs = useClientMessages(app, id);
  const rows = msgs.data?.pages.flat() ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2, mt: 2 }} component="section" aria-labelledby="client-msgs">
      <Typography variant="h6" component="h2" id="client-msgs">
        {t('messaging.client.messages')}
      </Typography>
      {msgs.error && <ErrorAlert error={msgs.error} />}
      {msgs.data && rows.length === 0 && (
        <Typography variant="body2">{t('messaging.client.noMessages')}</Typography>
      )}
      <Box component="ol" sx={{ m: 0, p: 0 }}>
        {rows.map((m) => (
          <Box
            component="li"
            key={m['msg-id']}
            sx={{ listStyle: 'none', py: 1, borderBottom: 1, borderColor: 'divider' }}
          >
            <Link
              component={RouterLink}
              variant="caption"
              to={paths.conversation(app, m['conv-id'], { id: m['msg-id'], ts: m.timestamp })}
            >
              {t('messaging.client.inConversation', {
                conv: m['conv-id'],
                time: showTime(new Date(m.timestamp).toISOString()),
              })}
            </Link>
            <MessageBody app={app} data={m.data} recalled={m.recalled === true} />
          </Box>
        ))}
      </Box>
      {msgs.hasNextPage && (
        <Button onClick={() => void msgs.fetchNextPage()} disabled={msgs.isFetchingNextPage}>
          {t('messaging.client.more')}
        </Button>
      )}
    </Paper>
  );
}
