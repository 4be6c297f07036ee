import type { Acl } from '@switchboard/shared';
import type { ObjectRow } from './objects';

/**
 * A class row as the database wrote it out: every column as its text. A query page is read this
 * way so that an answer can be spliced from the texts (services/format-text.ts) without parsing
 * each object's JSON and dates only to write them out again; `parseObjectText` gives the usual
 * ObjectRow when an answer needs the objects themselves. Casting to text costs the database
 * nothing more: it writes these same texts on the wire for the typed columns.
 */
export interface ObjectText {
  id: string;
  created_text: string;
  updated_text: string;
  acl_text: string | null;
  data_text: string;
}

/**
 * Named apart from the columns: `ORDER BY created_at` names an output column when one has that
 * name, and would then sort by the text instead of reading the (created_at, id) index.
 */
export const TEXT_COLUMNS =
  'id, created_at::text AS created_text, updated_at::text AS updated_text, acl::text AS acl_text, data::text AS data_text';

const PG_TIMESTAMPTZ =
  /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?([+-]\d{2})(?::(\d{2}))?(?::(\d{2}))?$/;

/**
 * A timestamptz as Postgres writes it (DateStyle ISO: `2026-11-29 10:04:01.214+00`) in the API's
 * form (`2026-11-29T10:04:01.214Z`, what Date#toISOString gives). A session in UTC, the usual
 * case, is rewritten as a string; any other zone goes through Date. Milliseconds are truncated, as
 * the driver's Date was.
 */
export function isoOfTimestamptz(text: string): string {
  const n = text.length;
  if (n >= 22 && text.charCodeAt(10) === 32 && text.endsWith('+00')) {
    const hasFraction = text.charCodeAt(19) === 46;
    if (n === 22 || hasFraction) {
      const ms = hasFraction ? `${text.slice(20, n - 3)}00`.slice(0, 3) : '000';
      return `${text.slice(0, 10)}T${text.slice(11, 19)}.${ms}Z`;
    }
  }
  const m = PG_TIMESTAMPTZ.exec(text);
  if (!m) throw new Error(`unexpected timestamp text from the database: ${text}`);
  const [, day, time, frac = '', hours = '+00', minutes = '00', seconds] = m;
  const ms = `${frac}00`.slice(0, 3);
  // Date takes offsets in hours and minutes; a seconds part (historical zones) is applied by hand.
  const t = Date.parse(`${day}T${time}.${ms}${hours}:${minutes}`);
  const extra = seconds ? (hours.startsWith('-') ? 1 : -1) * Number(seconds) * 1000 : 0;
  return new Date(t + extra).toISOString();
}

/** The row as ObjectRow: data and ACL parsed, dates as Dates. */
export function parseObjectText(t: ObjectText): ObjectRow {
  return {
    id: t.id,
    created_at: new Date(isoOfTimestamptz(t.created_text)),
    updated_at: new Date(isoOfTimestamptz(t.updated_text)),
    acl: t.acl_text === null ? null : (JSON.parse(t.acl_text) as Acl),
    data: JSON.parse(t.data_text) as Record<string, unknown>,
  };
}
