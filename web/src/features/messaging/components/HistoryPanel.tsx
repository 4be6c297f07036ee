import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingState } from '../../../components/LoadingState';
import { useAppPermission } from '../../../lib/session';
import { useHistory } from '../api/history';
import type { ImMessage } from '../api/history';
import type { ConvKind } from '../utils/kinds';
import { startFromParams } from '../utils/start';
import { MessageActionDialog } from './MessageActionDialog';
import { MessageItem } from './MessageItem';
import type { MessageAction } from './MessageItem';

/**
 * A conversation's messages, newest first; scrolling to the end loads older pages with the
 * (timestamp, msgid) cursor of the last one shown. Opens at a linked message or a chosen day.
 */
export function HistoryPanel({ app, kind, convId }: { app: string; kind: ConvKind; convId: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const start = startFromParams(params);
  const history = useHistory(app, kind, convId, start);
  const canModerate = useAppPermission(app, 'im.moderate');
  const [acting, setActing] = useState<{ action: MessageAction; m: ImMessage } | null>(null);
  const [date, setDate] = useState(params.get('date') ?? '');
  const sentinel = useRef<HTMLDivElement | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;

  useEffect(() => {
    const el = sentinel.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const seen = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && hasNextPage && !isFetchingNextPage) void fetchNextPage();
    });
    seen.observe(el);
    return () => seen.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  const messages = history.data?.pages.flat() ?? [];
  // Stable across renders, so appending a page leaves the shown (memoized) messages alone.
  const actions = useMemo<MessageAction[]>(
    () => (canModerate ? (kind === 'service' ? ['modify', 'recall'] : ['modify', 'recall', 'delete']) : []),
    [canModerate, kind],
  );
  const onAction = useCallback((action: MessageAction, msg: ImMessage) => setActing({ action, m: msg }), []);
  const linked = params.get('msg');

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="history-heading">
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="history-heading" sx={{ flex: 1 }}>
          {t('messaging.history.title')}
        </Typography>
        <Stack
          component="form"
          direction="row"
          spacing={1}
          onSubmit={(e) => {
            e.preventDefault();
            setParams(date ? { date } : {});
          }}
        >
          <TextField
            size="small"
            type="date"
            label={t('messaging.history.jump')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Button type="submit" variant="outlined">
            {t('messaging.history.jumpGo')}
          </Button>
        </Stack>
        {start && (
          <Button
            onClick={() => {
              setDate('');
              setParams({});
            }}
          >
            {t('messaging.history.newest')}
          </Button>
        )}
      </Stack>
      {history.error && <ErrorAlert error={history.error} onRetry={() => void history.refetch()} />}
      {history.isPending && <LoadingState />}
      {history.data && messages.length === 0 && (
        <Typography sx={{ py: 2 }}>{t('messaging.history.empty')}</Typography>
      )}
      <Box component="ol" aria-label={t('messaging.history.title')} sx={{ m: 0, p: 0 }}>
        {messages.map((m) => (
          <MessageItem
            key={m['msg-id']}
            app={app}
            m={m}
            highlighted={m['msg-id'] === linked}
            actions={actions}
            onAction={onAction}
          />
        ))}
      </Box>
      <div ref={sentinel} />
      {hasNextPage ? (
        <Button onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} sx={{ mt: 1 }}>
          {t('messaging.history.loadOlder')}
        </Button>
      ) : (
        history.data &&
        messages.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('messaging.history.start')}
          </Typography>
        )
      )}
      {acting && (
        <MessageActionDialog
          app={app}
          kind={kind}
          convId={convId}
          action={acting.action}
          m={acting.m}
          onClose={() => setActing(null)}
        />
      )}
    </Paper>
  );
}
