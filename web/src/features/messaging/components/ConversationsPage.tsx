import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSearchParamsMerge } from '../../../lib/search-params';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { paths } from '../../../lib/paths';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useShowTime } from '../../../lib/time-zone';
import { isoOf, PAGE, useConversations, useDeleteConversation } from '../api/conversations';
import type { Conversation } from '../api/conversations';
import { isConvKind, kindOf } from '../utils/kinds';
import { conversationWhere, isSearchField } from '../utils/search';
import { ConversationSearchForm } from './ConversationSearchForm';
import { CreateConversationDialog } from './CreateConversationDialog';
import { KindChip } from './KindChip';
import { MessagingTabs } from './MessagingTabs';

export const convName = (c: Conversation) => (typeof c.name === 'string' && c.name ? c.name : undefined);

/** Conversations, chat rooms and service conversations in one list, searched and filtered in the URL. */
export function ConversationsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const [params, merge] = useSearchParamsMerge();
  const kindParam = params.get('kind');
  const kind = isConvKind(kindParam) ? kindParam : '';
  const fieldParam = params.get('by');
  const field = isSearchField(fieldParam) ? fieldParam : 'name';
  const term = params.get('q') ?? '';
  const page = Math.max(0, Number(params.get('page') ?? 0) || 0);
  const list = useConversations(app, { kind, where: conversationWhere(field, term), page });
  const canWrite = useAppPermission(app, 'im.moderate');
  const [creating, setCreating] = useState(false);

  // Any change but paging starts from the first page.
  const update = (next: Record<string, string>) => merge({ page: undefined, ...next });
  const count = list.data?.count ?? 0;

  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('messaging.title')}
      </Typography>
      <MessagingTabs app={app} current="conversations" />
      <ConversationSearchForm kind={kind} field={field} term={term} onChange={update}>
        {canWrite && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            {t('messaging.conversations.create')}
          </Button>
        )}
      </ConversationSearchForm>
      {list.error && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.isPending && <LoadingState />}
      {list.data &&
        (list.data.results.length === 0 ? (
          <Typography sx={{ py: 2 }}>{t('messaging.conversations.none')}</Typography>
        ) : (
          <ConversationsTable app={app} rows={list.data.results} canWrite={canWrite} />
        ))}
      {count > PAGE && (
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button disabled={page === 0} onClick={() => update({ page: String(page - 1) })}>
            {t('messaging.conversations.previous')}
          </Button>
          <Typography variant="body2">
            {t('messaging.conversations.pager', {
              from: page * PAGE + 1,
              to: Math.min(count, (page + 1) * PAGE),
              count,
            })}
          </Typography>
          <Button disabled={(page + 1) * PAGE >= count} onClick={() => update({ page: String(page + 1) })}>
            {t('messaging.conversations.next')}
          </Button>
        </Stack>
      )}
      {creating && <CreateConversationDialog app={app} onClose={() => setCreating(false)} />}
    </Box>
  );
}

function ConversationsTable({
  app,
  rows,
  canWrite,
}: {
  app: string;
  rows: Conversation[];
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const [deleting, setDeleting] = useState<Conversation | null>(null);
  const del = useDeleteConversation(app);
  type Field = 'kind' | 'name' | 'members' | 'creator' | 'lastMessage' | 'actions';
  const fields: Field[] = [
    'kind',
    'name',
    'members',
    'creator',
    'lastMessage',
    ...(canWrite ? (['actions'] as const) : []),
  ];
  return (
    <>
      <Table size="small" aria-label={t('messaging.tabs.conversations')}>
        <TableHead>
          <TableRow>
            {fields.map((f) => (
              <TableCell key={f}>{t(`messaging.conversations.fields.${f}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((c) => {
            const kind = kindOf(c);
            const last = isoOf(c.lm);
            return (
              <TableRow key={c.objectId} hover data-testid={`conversation-${c.objectId}`}>
                <TableCell>
                  <KindChip kind={kind} />
                </TableCell>
                <TableCell>
                  <Link component={RouterLink} to={paths.conversation(app, c.objectId)}>
                    {convName(c) ?? t('messaging.conversations.unnamed', { id: c.objectId })}
                  </Link>
                </TableCell>
                <TableCell>{kind === 'conversation' ? (c.m?.length ?? 0) : '—'}</TableCell>
                <TableCell>
                  {c.c ? (
                    <Link component={RouterLink} to={paths.imClient(app, c.c)}>
                      {c.c}
                    </Link>
                  ) : (
                    '—'
                  )}
                </TableCell>
                <TableCell>{last ? showTime(last) : '—'}</TableCell>
                {canWrite && (
                  <TableCell>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(c)}
                      aria-label={t('messaging.conversations.deleteOne', { name: convName(c) ?? c.objectId })}
                    >
                      {t('messaging.conversations.delete')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {deleting && (
        <ConfirmDialog
          danger
          title={t('messaging.conversations.deleteTitle', { name: convName(deleting) ?? deleting.objectId })}
          text={t('messaging.conversations.deleteText')}
          confirmLabel={t('messaging.conversations.delete')}
          pending={del.isPending}
          error={del.error}
          onClose={() => {
            setDeleting(null);
            del.reset();
          }}
          onConfirm={() =>
            del.mutate(
              { id: deleting.objectId, kind: kindOf(deleting) },
              { onSuccess: () => setDeleting(null) },
            )
          }
        />
      )}
    </>
  );
}
