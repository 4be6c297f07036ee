import type { AuditFilter } from '@switchboard/shared';

/** What the filter form holds: text as typed, times as datetime-local values (local time). */
export interface AuditFilterForm {
  actor: string;
  action: string;
  app: string;
  class: string;
  objectId: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTER: AuditFilterForm = {
  actor: '',
  action: '',
  app: '',
  class: '',
  objectId: '',
  from: '',
  to: '',
};

/** A datetime-local value ("2026-01-31T12:00") read in the browser's zone, as an ISO instant. */
export function localToIso(value: string): string | undefined {
  if (!value.trim()) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** The filter as the server takes it: blank fields left out (it refuses empty strings). */
export function toAuditFilter(form: AuditFilterForm): AuditFilter {
  const filter: AuditFilter = {};
  for (const key of ['actor', 'action', 'app', 'class', 'objectId'] as const) {
    const value = form[key].trim();
    if (value) filter[key] = value;
  }
  const from = localToIso(form.from);
  const to = localToIso(form.to);
  if (from) filter.from = from;
  if (to) filter.to = to;
  return filter;
}

/** The export route's address for a filter: a plain GET link, the session cookie goes along. */
export function auditExportUrl(path: string, filter: AuditFilter, format: 'csv' | 'jsonl'): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined) params.set(key, value);
  }
  params.set('format', format);
  return `${path}?${params.toString()}`;
}
