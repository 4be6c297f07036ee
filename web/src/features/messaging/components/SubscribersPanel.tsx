import { useState } from 'react';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { paths } from '../../../lib/paths';
import { useShowTime } from '../../../lib/time-zone';
import { useChangeSubscriber, useSubscriberCount, useSubscribers } from '../api/subscribers';

/** A service conversation's subscribers, 50 at a time, with their count; add and remove. */
export function SubscribersPanel({ app, id, canWrite }: { app: string; id: string; canWrite: boolean }) {
  const { t } = useTranslation();
  const showTime = useShowTime();
  const subs = useSubscribers(app, id);
  const count = useSubscriberCount(app, id);
  const change = useChangeSubscriber(app, id);
  const [adding, setAdding] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const rows = subs.data?.pages.flat() ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="subscribers-heading">
      <Typography variant="h6" component="h2" id="subscribers-heading">
        {t('messaging.subscribers.title', { count: count.data ?? 0 })}
      </Typography>
      {subs.error && <ErrorAlert error={subs.error} onRetry={() => void subs.refetch()} />}
      {change.error && !removing ? <ErrorAlert error={change.error} /> : null}
      <List dense sx={{ maxHeight: 320, overflow: 'auto' }}>
        {rows.map((s) => (
          <ListItem
            key={s.subscriber}
            secondaryAction={
              canWrite ? (
                <IconButton
                  edge="end"
                  aria-label={t('messaging.subscribers.removeOne', { client: s.subscriber })}
                  onClick={() => setRemoving(s.subscriber)}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              ) : undefined
            }
          >
            <ListItemText
              primary={
                <Link component={RouterLink} to={paths.imClient(app, s.subscriber)}>
                  {s.subscriber}
                </Link>
              }
              secondary={t('messaging.subscribers.since', {
                time: showTime(new Date(s.timestamp).toISOString()),
              })}
            />
          </ListItem>
        ))}
        {subs.data && rows.length === 0 && (
          <ListItem>
            <ListItemText secondary={t('messaging.subscribers.none')} />
          </ListItem>
        )}
      </List>
      {subs.hasNextPage && (
        <Button onClick={() => void subs.fetchNextPage()} disabled={subs.isFetchingNextPage}>
          {t('messaging.subscribers.more')}
        </Button>
      )}
      {canWrite && (
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            if (adding.trim())
              change.mutate({ add: true, clientId: adding.trim() }, { onSuccess: () => setAdding('') });
          }}
        >
          <TextField
            size="small"
            fullWidth
            label={t('messaging.subscribers.addLabel')}
            value={adding}
            onChange={(e) => setAdding(e.target.value)}
          />
          <Button type="submit" variant="outlined" disabled={change.isPending || !adding.trim()}>
            {t('messaging.subscribers.add')}
          </Button>
        </Stack>
      )}
      {removing && (
        <ConfirmDialog
          title={t('messaging.subscribers.removeTitle', { client: removing })}
          text={t('messaging.subscribers.removeText')}
          confirmLabel={t('messaging.subscribers.remove')}
          pending={change.isPending}
          error={change.error}
          onClose={() => {
            setRemoving(null);
            change.reset();
          }}
          onConfirm={() =>
            change.mutate({ add: false, clientId: removing }, { onSuccess: () => setRemoving(null) })
          }
        />
      )}
    </Paper>
  );
}
