import { useMemo, useState } from 'react';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import Alert from '@mui/material/Alert';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useInvalidInputs } from '../../../components/query-builder/invalid-inputs';
import { paths } from '../../../lib/paths';
import { formatInZone, useTimeZone } from '../../../lib/time-zone';
import { useAudience, useSendPush } from '../api/send';
import {
  audienceWhere,
  bodyBytes,
  bodyFits,
  messageData,
  newReqId,
  parseJsonData,
  pushBody,
  validateComposition,
} from '../utils/composer';
import type { FieldProblem } from '../utils/composer';
import type { Composition } from '../utils/duplicate';
import { noOptions, optionParams } from '../utils/options';
import { isEffectivelyNow, utcToZonedInputs, zonedTimeToUtc } from '../utils/schedule';
import { AudienceSection } from './AudienceSection';
import { MessageSection } from './MessageSection';
import { PreviewPanel } from './PreviewPanel';
import { ScheduleSection } from './ScheduleSection';
import type { ScheduleState } from './ScheduleSection';
import { OptionsSection } from './OptionsSection';
import { TestSendPanel } from './TestSendPanel';

const HOUR_MS = 3_600_000;

/** The composer: audience with its estimate, message, preview, test send, time, then send once. */
export function Composer({ app, initial }: { app: string; initial: Composition }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { timeZone } = useTimeZone();
  const [audience, setAudience] = useState(initial.audience);
  const [mode, setMode] = useState(initial.mode);
  const [message, setMessage] = useState(initial.message);
  const [json, setJson] = useState(initial.json);
  const [schedule, setSchedule] = useState<ScheduleState>(() => ({
    mode: 'now',
    timeZone,
    ...utcToZonedInputs(new Date(Date.now() + HOUR_MS), timeZone),
  }));
  // One req_id per composition: a double click or a retried send makes one push (Doc 2 req_id).
  const [reqId] = useState(newReqId);
  const [confirming, setConfirming] = useState(false);
  const [options, setOptions] = useState(noOptions);
  const send = useSendPush(app);
  const conditionInputs = useInvalidInputs();

  const parsed = useMemo(
    () => (mode === 'json' ? parseJsonData(json) : { data: messageData(message) }),
    [mode, json, message],
  );
  const data = 'data' in parsed ? parsed.data : undefined;
  const pushTime =
    schedule.mode === 'later' ? zonedTimeToUtc(schedule.date, schedule.time, schedule.timeZone) : undefined;
  const timeInvalid = schedule.mode === 'later' && !pushTime;
  const sendsNow = !pushTime || isEffectivelyNow(pushTime, new Date());
  const where = audienceWhere(audience);
  const opt = optionParams(options, schedule.timeZone);
  const channels = audience.kind === 'channels' ? audience.channels : undefined;
  const estimate = useAudience(app, where, channels);

  const body = data
    ? pushBody(audience, data, { reqId, pushTime: sendsNow ? undefined : pushTime, extra: opt.params })
    : undefined;
  const bytes = body ? bodyBytes(body) : 0;
  const problems: FieldProblem[] = [
    ...('problems' in parsed
      ? parsed.problems
      : validateComposition(audience, parsed.data, { reqId, pushTime, extra: opt.params })),
    ...opt.problems,
    ...(conditionInputs.anyInvalid
      ? [{ field: 'conditions', message: t('push.compose.conditionsInvalid') }]
      : []),
  ];
  const ready = !!body && problems.length === 0 && !timeInvalid;

  const e = estimate.data;
  const total = e ? e.ios + e.android : 0;
  const platforms = e
    ? [
        e.ios > 0 && `${t('push.compose.ios')} ${e.ios}`,
        e.android > 0 && `${t('push.compose.android')} ${e.android}`,
      ]
        .filter(Boolean)
        .join(', ')
    : '';
  const when =
    sendsNow || !pushTime
      ? t('push.compose.whenNow')
      : (() => {
          const local = formatInZone(pushTime, schedule.timeZone);
          return `${local.text} ${schedule.timeZone} (${local.offset}) = ${formatInZone(pushTime, 'UTC').text} UTC`;
        })();
  const scheduleNote = timeInvalid
    ? t('push.compose.badTime')
    : pushTime && sendsNow
      ? t('push.compose.effectivelyNow')
      : pushTime
        ? when
        : undefined;

  return (
    <Stack spacing={3} sx={{ maxWidth: 960 }}>
      {initial.droppedWhere && (
        <Alert severity="warning">{t('push.compose.droppedWhere', { where: initial.droppedWhere })}</Alert>
      )}
      <AudienceSection
        app={app}
        value={audience}
        onChange={setAudience}
        estimate={estimate}
        problem={problems.find((p) => p.field === 'channels')?.message}
        activeDaysProblem={problems.find((p) => p.field === 'activeDays')?.message}
        reportInvalid={conditionInputs.report}
        conditionsProblem={problems.find((p) => p.field === 'conditions')?.message}
      />
      <Divider />
      <MessageSection
        mode={mode}
        onMode={setMode}
        message={message}
        onMessage={setMessage}
        json={json}
        onJson={setJson}
        problems={problems}
      />
      <Typography
        variant="body2"
        color={bodyFits(bytes) ? 'text.secondary' : 'error'}
        data-testid="push-bytes"
        role="status"
      >
        {t('push.compose.bytes', { bytes })}
        {!bodyFits(bytes) && ` — ${t('push.compose.tooBig')}`}
      </Typography>
      <PreviewPanel data={data} />
      <Divider />
      <TestSendPanel app={app} data={data} />
      <Divider />
      <ScheduleSection value={schedule} onChange={setSchedule} note={scheduleNote} invalid={timeInvalid} />
      <OptionsSection
        value={options}
        onChange={setOptions}
        timeZone={schedule.timeZone}
        problems={problems}
      />
      {problems.some((p) =>
        ['body', 'push_time', 'expiration_time', 'expiration_interval'].includes(p.field),
      ) && <Typography color="error">{problems.map((p) => p.message).join(' ')}</Typography>}
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Button variant="contained" disabled={!ready} onClick={() => setConfirming(true)}>
          {t('push.compose.review')}
        </Button>
        {!ready && <Typography variant="body2">{t('push.compose.fix')}</Typography>}
      </Stack>
      {confirming && body && (
        <ConfirmDialog
          title={t('push.compose.confirmTitle')}
          text={t('push.compose.confirmText', { total, platforms: platforms || '—', when })}
          confirmLabel={t('push.compose.confirmSend')}
          pending={send.isPending}
          error={send.error}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            send.mutate(body, { onSuccess: (r) => void navigate(paths.pushRecord(app, r.objectId)) })
          }
        />
      )}
    </Stack>
  );
}
