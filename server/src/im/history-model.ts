/** An in-memory model of Doc 3's history rules, for the property test. */
export interface ModelMessage {
  id: string;
  ts: number;
}

export interface ModelQuery {
  msgid?: string | undefined;
  timestamp?: number | undefined;
  till_msgid?: string | undefined;
  till_timestamp?: number | undefined;
  include_start: boolean;
  include_stop: boolean;
  reversed: boolean;
  limit: number;
}

const cmp = (a: ModelMessage, ts: number, id: string | undefined): number => {
  if (a.ts !== ts || id === undefined) return a.ts - ts;
  return a.id < id ? -1 : a.id > id ? 1 : 0;
};

/**
 * Newest first: below the start (default: no bound), above the end (default 0). Reversed: oldest
 * first, above the start (default 0), below the end (default: no bound). A bound with a message id
 * orders by (timestamp, id); include_start / include_stop make the bounds inclusive.
 */
export function modelHistory(all: ModelMessage[], q: ModelQuery): string[] {
  const below = (m: ModelMessage, ts: number | undefined, id: string | undefined, incl: boolean) =>
    ts === undefined || (incl ? cmp(m, ts, id) <= 0 : cmp(m, ts, id) < 0);
  const above = (m: ModelMessage, ts: number | undefined, id: string | undefined, incl: boolean) =>
    ts === undefined || (incl ? cmp(m, ts, id) >= 0 : cmp(m, ts, id) > 0);
  const kept = all.filter((m) =>
    q.reversed
      ? above(m, q.timestamp ?? 0, q.msgid, q.include_start) &&
        below(m, q.till_timestamp, q.till_msgid, q.include_stop)
      : below(m, q.timestamp, q.msgid, q.include_start) &&
        above(m, q.till_timestamp ?? 0, q.till_msgid, q.include_stop),
  );
  kept.sort((a, b) => cmp(a, b.ts, b.id));
  if (!q.reversed) kept.reverse();
  return kept.slice(0, q.limit).map((m) => m.id);
}
