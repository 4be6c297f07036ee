import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useRequiredParam } from '../../../lib/routing';
import { useAppPermission } from '../../../lib/session';
import { useShowTime } from '../../../lib/time-zone';
import { useBroadcasts, useDeleteBroadcast, useSendBroadcast } from '../api/broadcasts';
import type { Broadcast } from '../api/broadcasts';
import { useConversations } from '../api/conversations';
import { MESSAGE_MAX_BYTES, utf8Bytes } from '../utils/content';
import { pushData } from '../utils/compose';
import { parseValidTill } from '../utils/valid-till';
import { convName } from './ConversationsPage';
import { MessageBody } from './MessageBody';
import { MessagingTabs } from './MessagingTabs';

/** Global broadcasts from a service conversation: compose (operators), the valid ones, delete. */
export function BroadcastsPage() {
  const { t } = useTranslation();
  const app = useRequiredParam('app');
  const [params, setParams] = useSearchParams();
  const services = useConversations(app, { kind: 'service', where: undefined, page: 0 });
  const list = services.data?.results ?? [];
  const convId = params.get('conv') ?? list[0]?.objectId ?? '';
  const canSend = useAppPermission(app, 'im.broadcast');
  return (
    <Box sx={{ p: 3 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
        {t('messaging.title')}
      </Typography>
      <MessagingTabs app={app} current="broadcasts" />
      {services.error && <ErrorAlert error={services.error} onRetry={() => void services.refetch()} />}
      {services.isPending && <LoadingState />}
      {services.data && list.length === 0 && <Typography>{t('messaging.broadcasts.noService')}</Typography>}
      {list.length > 0 && (
        <Stack spacing={2}>
          <TextField
            select
            size="small"
            label={t('messaging.broadcasts.service')}
            value={convId}
            onChange={(e) => setParams({ conv: e.target.value })}
            sx={{ maxWidth: 420 }}
          >
            {list.map((c) => (
              <MenuItem key={c.objectId} value={c.objectId}>
                {convName(c) ?? c.objectId}
              </MenuItem>
            ))}
          </TextField>
          {canSend && convId && <BroadcastComposer key={convId} app={app} convId={convId} />}
          {convId && <BroadcastList app={app} convId={convId} canDelete={canSend} />}
        </Stack>
      )}
    </Box>
  );
}

function BroadcastComposer({ app, convId }: { app: string; convId: string }) {
  const { t } = useTranslation();
  const send = useSendBroadcast(app);
  const [from, setFrom] = useState('');
  const [message, setMessage] = useState('');
  const [validTill, setValidTill] = useState('');
  const [transient, setTransient] = useState(false);
  const [push, setPush] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const till = parseValidTill(validTill, new Date());
  const pushed = pushData(push);
  const bytes = utf8Bytes(message);
  const problem = !till.ok
    ? till.problem
    : !pushed.ok
      ? 'push'
      : bytes > MESSAGE_MAX_BYTES
        ? 'tooBig'
        : undefined;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="broadcast-heading">
      <Typography variant="h6" component="h2" id="broadcast-heading" sx={{ mb: 1 }}>
        {t('messaging.broadcasts.compose')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          if (problem || !till.ok || !pushed.ok) return;
          setSent(null);
          send.mutate(
            {
              conv_id: convId,
              from_client: from.trim(),
              message,
              ...(till.ms !== undefined ? { valid_till: till.ms } : {}),
              ...(transient ? { transient: true } : {}),
              ...(pushed.value ? { push: pushed.value } : {}),
            },
            {
              onSuccess: (r) => {
                setSent(r['msg-id']);
                setMessage('');
              },
            },
          );
        }}
      >
        {send.error ? <ErrorAlert error={send.error} /> : null}
        {sent && <Alert severity="success">{t('messaging.broadcasts.sent', { id: sent })}</Alert>}
        <TextField
          size="small"
          required
          label={t('messaging.broadcasts.from')}
          value={from}
          onChange={(e) => setFrom(e.target.value)}
        />
        <TextField
          required
          label={t('messaging.broadcasts.message')}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
          multiline
          minRows={2}
          error={bytes > MESSAGE_MAX_BYTES}
          helperText={t('messaging.send.size', { bytes, max: MESSAGE_MAX_BYTES })}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={t('messaging.broadcasts.validTill')}
          value={validTill}
          onChange={(e) => setValidTill(e.target.value)}
          error={!till.ok}
          helperText={
            till.ok ? t('messaging.broadcasts.validHint') : t(`messaging.broadcasts.problems.${till.problem}`)
          }
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ maxWidth: 320 }}
        />
        <TextField
          size="small"
          label={t('messaging.broadcasts.push')}
          value={push}
          onChange={(e) => setPush(e.target.value)}
          error={!pushed.ok}
          helperText={pushed.ok ? undefined : t('messaging.broadcasts.problems.push')}
        />
        <FormControlLabel
          control={<Checkbox checked={transient} onChange={(e) => setTransient(e.target.checked)} />}
          label={t('messaging.broadcasts.transient')}
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={Boolean(problem) || !from.trim() || !message || send.isPending}
          >
            {t('messaging.broadcasts.send')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
}

function BroadcastList({ app, convId, canDelete }: { app: string; convId: string; canDelete: boolean }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const list = useBroadcasts(app, convId);
  const del = useDeleteBroadcast(app);
  const [deleting, setDeleting] = useState<Broadcast | null>(null);
  const iso = (ms: number) => showTime(new Date(ms).toISOString());
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="broadcast-list">
      <Typography variant="h6" component="h2" id="broadcast-list">
        {t('messaging.broadcasts.list')}
      </Typography>
      {list.error && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && (
        <Typography variant="body2">{t('messaging.broadcasts.none')}</Typography>
      )}
      {list.data && list.data.length > 0 && (
        <Table size="small" aria-label={t('messaging.broadcasts.list')}>
          <TableHead>
            <TableRow>
              {(
                [
                  'message',
                  'from',
                  'sent',
                  'validTill',
                  ...(canDelete ? (['actions'] as const) : []),
                ] as const
              ).map((f) => (
                <TableCell key={f}>{t(`messaging.broadcasts.fields.${f}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data.map((b) => (
              <TableRow key={b['msg-id']} data-testid={`broadcast-${b['msg-id']}`}>
                <TableCell sx={{ maxWidth: 360 }}>
                  <MessageBody app={app} data={b.message} recalled={false} />
                </TableCell>
                <TableCell>{b.from_client}</TableCell>
                <TableCell>{iso(b.timestamp)}</TableCell>
                <TableCell>{iso(b.valid_till)}</TableCell>
                {canDelete && (
                  <TableCell>
                    <Button size="small" color="error" onClick={() => setDeleting(b)}>
                      {t('messaging.broadcasts.delete')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {deleting && (
        <ConfirmDialog
          danger
          title={t('messaging.broadcasts.deleteTitle')}
          text={t('messaging.broadcasts.deleteText')}
          confirmLabel={t('messaging.broadcasts.delete')}
          pending={del.isPending}
          error={del.error}
          onClose={() => {
            setDeleting(null);
            del.reset();
          }}
          onConfirm={() => del.mutate(deleting, { onSuccess: () => setDeleting(null) })}
        />
      )}
    </Paper>
  );
}
