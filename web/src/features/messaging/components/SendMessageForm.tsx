import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { useSendMessage } from '../api/history';
import { clientIdList, COMPOSE_TYPES, composeMessage, pushData } from '../utils/compose';
import type { ComposeInput, ComposeProblem, ComposeType } from '../utils/compose';
import { MESSAGE_MAX_BYTES, utf8Bytes } from '../utils/content';
import type { ConvKind } from '../utils/kinds';
import { ImageUploadField } from './ImageUploadField';
import { useUnsentImage } from '../api/unsent-image';

const EMPTY: ComposeInput = { type: 'text', text: '', imageUrl: '', latitude: '', longitude: '', custom: '' };

/** Sends a message as any client id; the 5 KB limit is counted on the message as it will be sent. */
export function SendMessageForm({ app, kind, convId }: { app: string; kind: ConvKind; convId: string }) {
  const { t } = useTranslation();
  const send = useSendMessage(app, kind, convId);
  const unsent = useUnsentImage(app, kind === 'service');
  const [input, setInput] = useState<ComposeInput>(EMPTY);
  const [from, setFrom] = useState('');
  const [mentions, setMentions] = useState('');
  const [mentionAll, setMentionAll] = useState(false);
  const [transient, setTransient] = useState(false);
  const [push, setPush] = useState('');
  const [to, setTo] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const composed = composeMessage(input);
  const bytes = composed.ok ? utf8Bytes(composed.message) : 0;
  const pushed = pushData(push);
  const mentionIds = clientIdList(mentions);
  const toIds = clientIdList(to);
  const problem: ComposeProblem | 'from' | 'tooBig' | 'pushData' | 'tooMany' | 'to' | undefined = !from.trim()
    ? 'from'
    : !composed.ok
      ? composed.problem
      : bytes > MESSAGE_MAX_BYTES
        ? 'tooBig'
        : !pushed.ok
          ? 'pushData'
          : mentionIds.length > 20 || toIds.length > 20
            ? 'tooMany'
            : kind === 'service' && toIds.length === 0
              ? 'to'
              : undefined;
  const set = (k: keyof ComposeInput) => (e: { target: { value: string } }) =>
    setInput((v) => ({ ...v, [k]: e.target.value }));

  const submit = () => {
    if (problem || !composed.ok || !pushed.ok) return;
    const body: Record<string, unknown> = { from_client: from.trim(), message: composed.message };
    if (transient) body.transient = true;
    if (kind !== 'service') {
      if (mentionIds.length) body.mention_client_ids = mentionIds;
      if (mentionAll) body.mention_all = true;
    } else body.to_clients = toIds;
    if (kind !== 'chatroom' && pushed.value) body.push_data = pushed.value;
    setSent(null);
    send.mutate(body, {
      onSuccess: (r) => {
        setSent(r['msg-id']);
        // A stored image that went out stays; one held while another type was sent is withdrawn.
        if (input.type === 'imageUpload') unsent.sent();
        else unsent.hold(undefined);
        setInput((v) => ({ ...EMPTY, type: v.type }));
      },
    });
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="send-heading">
      <Typography variant="h6" component="h2" id="send-heading" sx={{ mb: 1 }}>
        {t('messaging.send.title')}
      </Typography>
      <Stack
        component="form"
        spacing={2}
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {send.error ? <ErrorAlert error={send.error} /> : null}
        {sent && <Alert severity="success">{t('messaging.send.sent', { id: sent })}</Alert>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            size="small"
            required
            label={t('messaging.send.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            select
            size="small"
            label={t('messaging.send.type')}
            value={input.type}
            onChange={(e) => setInput((v) => ({ ...v, type: e.target.value as ComposeType }))}
            sx={{ minWidth: 160 }}
          >
            {COMPOSE_TYPES.map((ty) => (
              <MenuItem key={ty} value={ty}>
                {t(`messaging.send.types.${ty}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        {input.type === 'image' && (
          <TextField
            size="small"
            label={t('messaging.send.imageUrl')}
            value={input.imageUrl}
            onChange={set('imageUrl')}
          />
        )}
        {input.type === 'imageUpload' && (
          <ImageUploadField
            app={app}
            service={kind === 'service'}
            convId={convId}
            image={input.image}
            onChange={(image) => {
              unsent.hold(image);
              setInput((v) => ({ ...v, image }));
            }}
          />
        )}
        {input.type === 'location' && (
          <Stack direction="row" spacing={2}>
            <TextField
              size="small"
              label={t('messaging.send.latitude')}
              value={input.latitude}
              onChange={set('latitude')}
            />
            <TextField
              size="small"
              label={t('messaging.send.longitude')}
              value={input.longitude}
              onChange={set('longitude')}
            />
          </Stack>
        )}
        {input.type === 'custom' ? (
          <TextField
            label={t('messaging.send.custom')}
            value={input.custom}
            onChange={set('custom')}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
        ) : (
          <TextField
            label={t(input.type === 'text' ? 'messaging.send.text' : 'messaging.send.caption')}
            value={input.text}
            onChange={set('text')}
            multiline
            minRows={2}
          />
        )}
        {kind === 'service' ? (
          <TextField
            size="small"
            required
            label={t('messaging.send.toClients')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
          />
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <TextField
              size="small"
              sx={{ flex: 1 }}
              label={t('messaging.send.mentions')}
              value={mentions}
              onChange={(e) => setMentions(e.target.value)}
            />
            <FormControlLabel
              control={<Checkbox checked={mentionAll} onChange={(e) => setMentionAll(e.target.checked)} />}
              label={t('messaging.send.mentionAll')}
            />
          </Stack>
        )}
        {kind !== 'chatroom' && (
          <TextField
            size="small"
            label={t('messaging.send.pushData')}
            value={push}
            onChange={(e) => setPush(e.target.value)}
            error={!pushed.ok}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        )}
        <FormControlLabel
          control={<Checkbox checked={transient} onChange={(e) => setTransient(e.target.checked)} />}
          label={t('messaging.send.transient')}
        />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={Boolean(problem) || send.isPending}>
            {t('messaging.send.submit')}
          </Button>
          <Typography
            variant="body2"
            color={bytes > MESSAGE_MAX_BYTES ? 'error' : 'text.secondary'}
            aria-live="polite"
          >
            {t('messaging.send.size', { bytes, max: MESSAGE_MAX_BYTES })}
          </Typography>
          {problem && problem !== 'from' && problem !== 'empty' && problem !== 'imageFile' && (
            <Typography variant="body2" color="error">
              {t(`messaging.send.problems.${problem}`)}
            </Typography>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}
