import { describe, expect, it } from 'vitest';
import { auditExportUrl, EMPTY_AUDIT_FILTER, localToIso, toAuditFilter } from './audit-query';

describe('toAuditFilter', () => {
  it('leaves blank fields out and trims the rest', () => {
    expect(toAuditFilter({ ...EMPTY_AUDIT_FILTER, actor: ' a@x.io ', action: '  ', class: 'Post' })).toEqual({
      actor: 'a@x.io',
      class: 'Post',
    });
  });

  it('sends times as ISO instants of the local time typed', () => {
    const filter = toAuditFilter({ ...EMPTY_AUDIT_FILTER, from: '2026-01-31T12:00' });
    expect(filter.from).toBe(new Date('2026-01-31T12:00').toISOString());
    expect(filter.to).toBeUndefined();
  });

  it('ignores a time that cannot be read', () => {
    expect(localToIso('yesterday')).toBeUndefined();
    expect(localToIso('')).toBeUndefined();
  });
});

describe('auditExportUrl', () => {
  it('carries the filter and the format in the query string', () => {
    const url = auditExportUrl('/api/audit/export', { actor: 'a b@x.io', app: 'default' }, 'jsonl');
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/audit/export');
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      actor: 'a b@x.io',
      app: 'default',
      format: 'jsonl',
    });
  });
});
