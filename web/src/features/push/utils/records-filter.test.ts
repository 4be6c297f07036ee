import { describe, expect, it } from 'vitest';
import type { PushRecord } from '@switchboard/shared';
import { recordsCsv } from './records-csv';
import { filterParams, readFilter, recordsWhere } from './records-filter';

const none = { status: '', source: '', from: '', to: '', id: '' } as const;

describe('the records filter', () => {
  it('reads only values it understands from the URL', () => {
    const f = readFilter(new URLSearchParams('status=done&from=2026-01-02&to=bad&id=a%22b'));
    expect(f).toEqual({ ...none, status: 'done', from: '2026-01-02' });
    expect(filterParams(f)).toEqual({ status: 'done', from: '2026-01-02' });
  });

  it('reads the source and filters on the record field that keeps it', () => {
    const f = readFilter(new URLSearchParams('source=console'));
    expect(f).toEqual({ ...none, source: 'console' });
    expect(readFilter(new URLSearchParams('source=mail')).source).toBe('');
    expect(recordsWhere({ ...none, status: 'done', source: 'rtm' }, 'UTC')).toEqual({
      $and: [{ status: 'done' }, { source: 'rtm' }],
    });
  });

  it("turns the reader's calendar days into a createdAt range in their time zone", () => {
    const w = recordsWhere({ ...none, from: '2026-01-02', to: '2026-01-02' }, 'Asia/Shanghai');
    expect(w).toEqual({
      createdAt: {
        $gte: { __type: 'Date', iso: '2026-01-01T16:00:00.000Z' },
        $lt: { __type: 'Date', iso: '2026-01-02T16:00:00.000Z' },
      },
    });
  });

  it('combines the id and the keyset cursor', () => {
    const w = recordsWhere({ ...none, id: 'abc' }, 'UTC', {
      createdAt: '2026-01-01T00:00:00.000Z',
      objectId: 'r9',
    }) as { $and: unknown[] };
    expect(w.$and).toEqual([
      { $or: [{ notificationId: 'abc' }, { objectId: 'abc' }] },
      {
        $or: [
          { createdAt: { $lt: { __type: 'Date', iso: '2026-01-01T00:00:00.000Z' } } },
          { createdAt: { __type: 'Date', iso: '2026-01-01T00:00:00.000Z' }, objectId: { $lt: 'r9' } },
        ],
      },
    ]);
  });
});

describe('the records CSV', () => {
  it('has a header, one row per record with its content, and quotes formula-like cells', () => {
    const record = {
      objectId: 'r1',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      notificationId: 'n1',
      data: { alert: '=SUM(A1)' },
      where: {},
      prod: 'prod',
      status: 'done',
      devices: 3,
      successes: 2,
      invalidTokens: 0,
      errors: [],
      'from-service': 'push',
      iosSuccesses: 2,
    } as PushRecord;
    const [header, row] = recordsCsv([record], 'Everyone').split('\r\n');
    expect(header).toMatch(/^objectId,notificationId,status,createdAt/);
    expect(row).toContain('r1,n1,done');
    expect(row).toContain(`"'=SUM(A1)"`);
    expect(row).toContain('ios:2');
  });
});
