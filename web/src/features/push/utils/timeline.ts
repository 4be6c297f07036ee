import type { PushRecord, PushStatus } from '@switchboard/shared';

export type TimelineKind = 'created' | 'pushTime' | 'progress' | 'ended' | 'expires';

export interface TimelineEvent {
  kind: TimelineKind;
  at: string;
  /** For `ended`: the status it ended in. */
  status?: PushStatus;
  /** Not yet happened (a scheduled push time, an expiry ahead). */
  future: boolean;
}

const ENDED: PushStatus[] = ['done', 'expired', 'error'];

/**
 * What happened to a push, from the record's own fields: created, its push time, the last change
 * (the record is updated as the push progresses, and last when it ends) and its expiry.
 */
export function recordTimeline(r: PushRecord, now: Date): TimelineEvent[] {
  const at = (iso: string) => Date.parse(iso);
  const events: TimelineEvent[] = [{ kind: 'created', at: r.createdAt, future: false }];
  const push = r['push-time'];
  if (push) events.push({ kind: 'pushTime', at: push, future: at(push) > now.getTime() });
  if (ENDED.includes(r.status))
    events.push({ kind: 'ended', at: r.updatedAt, status: r.status, future: false });
  else if ((r.status === 'running' || r.status === 'in-queue') && r.updatedAt !== r.createdAt)
    events.push({ kind: 'progress', at: r.updatedAt, future: false });
  if (typeof r.expiration_time === 'string')
    events.push({ kind: 'expires', at: r.expiration_time, future: at(r.expiration_time) > now.getTime() });
  return events
    .map((e, i) => ({ e, i }))
    .sort((a, b) => at(a.e.at) - at(b.e.at) || a.i - b.i)
    .map(({ e }) => e);
}
