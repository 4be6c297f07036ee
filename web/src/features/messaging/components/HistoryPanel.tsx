import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
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
  const list = useRef<HTMLOListElement | null>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [listTop, setListTop] = useState(0);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = history;
  const messages = useMemo(() => history.data?.pages.flat() ?? [], [history.data]);

  // The page scrolls in the shell's <main>; the list starts some way down it. Measured after
  // every render, since what is above the list (forms, alerts) changes its place; both updates
  // are guarded, so they settle.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- measured after every render on purpose
  useLayoutEffect(() => {
    const el = list.current;
    const main = el?.closest('main') ?? null;
    if (main !== scroller) setScroller(main);
    if (!el || !main) return;
    const top = el.getBoundingClientRect().top - main.getBoundingClientRect().top + main.scrollTop;
    if (Math.abs(top - listTop) > 1) setListTop(top);
  });

  // Only the messages near the screen are in the DOM: a history scrolled back 10,000 messages
  // keeps each page's append as quick as the first.
  // eslint-disable-next-line react-hooks/incompatible-library -- no React Compiler here; the virtualizer is read during render
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scroller,
    estimateSize: () => 120,
    overscan: 6,
    scrollMargin: listTop,
    getItemKey: (i) => messages[i]?.['msg-id'] ?? i,
    useFlushSync: false,
  });
  const shown = virtualizer.getVirtualItems();
  const lastShown = shown[shown.length - 1]?.index ?? -1;
  // Near the end of what is loaded, the next older page is asked for.
  useEffect(() => {
    if (lastShown >= messages.length - 5 && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [lastShown, messages.length, hasNextPage, isFetchingNextPage, fetchNextPage]);
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
      <Box
        component="ol"
        ref={list}
        aria-label={t('messaging.history.title')}
        data-loaded={messages.length}
        sx={{ m: 0, p: 0, position: 'relative', height: virtualizer.getTotalSize() }}
      >
        {shown.map((v) => {
          const m = messages[v.index];
          if (!m) return null;
          return (
            <MessageItem
              key={v.key}
              app={app}
              m={m}
              highlighted={m['msg-id'] === linked}
              actions={actions}
              onAction={onAction}
              virtual={{ index: v.index, top: v.start - listTop, measure: virtualizer.measureElement }}
            />
          );
        })}
      </Box>
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
