import type { PushRecord } from '@switchboard/shared';
import type { TFunction } from 'i18next';

const KNOWN = ['api', 'console', 'rtm', 'push'] as const;
type Known = (typeof KNOWN)[number];

/**
 * Where a record came from: its `source` (api, console, rtm); a record from a server that did not
 * keep one says only `from-service` (push: the API or the console, rtm: a message's offline push).
 */
export function recordSource(r: PushRecord): string {
  if (typeof r.source === 'string') return r.source;
  return r['from-service'] === 'rtm' ? 'rtm' : 'push';
}

export function sourceLabel(r: PushRecord, t: TFunction): string {
  const s = recordSource(r);
  return (KNOWN as readonly string[]).includes(s) ? t(`push.records.source.${s as Known}`) : s;
}
