import { parseWhere } from '@switchboard/shared';
import { emptyGroup } from '../../../components/query-builder/model';
import type { Group } from '../../../components/query-builder/model';
import type { DataQuery, QueryChange } from './url-state';
import { fromWhere, toWhere } from '../../../components/query-builder/where';
import type { WhereObject } from '../../../components/query-builder/where';

/**
 * The query dialog's state until Apply. The `where` is edited either in the builder or as raw
 * JSON; `mode` says which one holds it. A `where` the builder cannot show stays raw.
 */
export interface Draft {
  mode: 'builder' | 'raw';
  model: Group;
  raw: string;
  /** Why the raw JSON is not (or cannot be shown in) the builder. */
  rawMessage?: { kind: 'invalid' | 'notRepresentable'; message: string };
  keys: string[];
  include: string[];
}

const pretty = (w: WhereObject) => JSON.stringify(w, null, 2);

export function initDraft(q: DataQuery): Draft {
  const base = { raw: pretty(q.where), keys: q.keys, include: q.include };
  const r = fromWhere(q.where);
  if (r.ok) return { ...base, mode: 'builder', model: r.model };
  return {
    ...base,
    mode: 'raw',
    model: emptyGroup(),
    rawMessage: { kind: 'notRepresentable', message: r.message },
  };
}

/** The raw text as a `where`, checked by the API's own rules. */
export function readRaw(raw: string): { ok: true; where: WhereObject } | { ok: false; message: string } {
  let value: unknown;
  try {
    value = raw.trim() === '' ? {} : JSON.parse(raw);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  try {
    parseWhere(value);
  } catch (e) {
    return { ok: false, message: e instanceof Error ? e.message : String(e) };
  }
  return { ok: true, where: value as WhereObject };
}

export function editRaw(d: Draft, raw: string): Draft {
  const r = readRaw(raw);
  const { rawMessage: _old, ...rest } = d;
  return r.ok
    ? { ...rest, raw, mode: 'raw' }
    : { ...rest, raw, mode: 'raw', rawMessage: { kind: 'invalid', message: r.message } };
}

/** Into the builder: possible when the raw where is valid and representable; else it stays raw. */
export function toBuilder(d: Draft): Draft {
  if (d.mode === 'builder') return d;
  const r = readRaw(d.raw);
  if (!r.ok) return { ...d, rawMessage: { kind: 'invalid', message: r.message } };
  const m = fromWhere(r.where);
  if (!m.ok) return { ...d, rawMessage: { kind: 'notRepresentable', message: m.message } };
  const { rawMessage: _old, ...rest } = d;
  return { ...rest, mode: 'builder', model: m.model };
}

/** Into raw JSON: the builder's where, written out. */
export function toRaw(d: Draft): Draft {
  return d.mode === 'raw' ? d : { ...d, raw: pretty(toWhere(d.model)) };
}

/** What Apply writes to the URL, or why it cannot. */
export function finishDraft(d: Draft): { ok: true; change: QueryChange } | { ok: false; message: string } {
  const columns = { keys: d.keys, include: d.include };
  if (d.mode === 'builder') return { ok: true, change: { where: toWhere(d.model), ...columns } };
  const r = readRaw(d.raw);
  return r.ok ? { ok: true, change: { where: r.where, ...columns } } : r;
}
