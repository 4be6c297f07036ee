import { describe, expect, it } from 'vitest';
import type { PushRecord } from '@switchboard/shared';
import { recordTimeline } from './timeline';

const base: PushRecord = {
  objectId: 'r1',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  notificationId: 'n1',
  data: { alert: 'hi' },
  where: {},
  prod: 'prod',
  status: 'scheduled',
  devices: 0,
  successes: 0,
  invalidTokens: 0,
  errors: [],
  'from-service': 'push',
};
const now = new Date('2026-01-01T11:00:00.000Z');

describe('the record timeline', () => {
  it('orders creation, a future push time and the expiry after it', () => {
    const r = {
      ...base,
      'push-time': '2026-01-02T08:00:00.000Z',
      expiration_time: '2026-01-03T00:00:00.000Z',
    };
    expect(recordTimeline(r, now).map((e) => [e.kind, e.future])).toEqual([
      ['created', false],
      ['pushTime', true],
      ['expires', true],
    ]);
  });

  it('ends with the status the push ended in, at its last update', () => {
    const r = { ...base, status: 'done' as const, updatedAt: '2026-01-01T10:05:00.000Z' };
    expect(recordTimeline(r, now)).toEqual([
      { kind: 'created', at: base.createdAt, future: false },
      { kind: 'ended', at: '2026-01-01T10:05:00.000Z', status: 'done', future: false },
    ]);
  });

  it('shows the last progress of a running push', () => {
    const r = { ...base, status: 'running' as const, updatedAt: '2026-01-01T10:01:00.000Z' };
    expect(recordTimeline(r, now).map((e) => e.kind)).toEqual(['created', 'progress']);
  });
});
