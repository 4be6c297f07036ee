import { describe, expect, it } from 'vitest';
import { ConsoleApiError } from '../../../lib/api';
import { elementOutcome, isConditionFailed } from './conditional';
import { loadQueue, queueBatch, settleBatch, storeQueue, upsertEdit } from './queue';
import type { PendingEdit } from './queue';

const edit = (over: Partial<PendingEdit>): PendingEdit => ({
  objectId: 'o1',
  field: 'name',
  value: 'new',
  original: 'old',
  updatedAt: '2024-05-01T00:00:00.000Z',
  ...over,
});

describe('upsertEdit', () => {
  it('keeps the first original and version when a cell is edited twice', () => {
    const once = upsertEdit([], edit({ value: 'a' }));
    const twice = upsertEdit(once, edit({ value: 'b', original: 'a', updatedAt: 'later' }));
    expect(twice).toEqual([edit({ value: 'b' })]);
  });

  it('forgets an edit back to the original value', () => {
    const once = upsertEdit([], edit({ value: { a: [1] }, original: { a: [2] } }));
    expect(upsertEdit(once, edit({ value: { a: [2] } }))).toEqual([]);
  });
});

describe('queueBatch', () => {
  it('sends one conditional update per row with all its fields, removals as Delete', () => {
    const edits = [
      edit({}),
      edit({ objectId: 'o2', field: 'price', value: 3, updatedAt: 'T2' }),
      edit({ field: 'tags', value: undefined }),
    ];
    const { rows, requests } = queueBatch('Product', edits);
    expect(rows).toEqual(['o1', 'o2']);
    expect(requests[0]).toEqual({
      method: 'PUT',
      path: '/1.1/classes/Product/o1',
      body: { name: 'new', tags: { __op: 'Delete' } },
      params: { where: { updatedAt: { __type: 'Date', iso: '2024-05-01T00:00:00.000Z' } } },
    });
    expect(requests[1]?.params).toEqual({ where: { updatedAt: { __type: 'Date', iso: 'T2' } } });
  });
});

describe('settleBatch', () => {
  it('drops saved rows and keeps conflicts and failures queued', () => {
    const edits = [edit({}), edit({ objectId: 'o2' }), edit({ objectId: 'o3' })];
    const outcomes = [
      elementOutcome({ success: { updatedAt: 'T9' } }),
      elementOutcome({ error: { code: 305, error: 'No effect' } }),
      elementOutcome({ error: { code: 142, error: 'Validation failed' } }),
    ];
    const result = settleBatch(edits, ['o1', 'o2', 'o3'], outcomes);
    expect(result.saved).toEqual(['o1']);
    expect(result.conflicts).toEqual(['o2']);
    expect(result.failures).toEqual([{ objectId: 'o3', code: 142, error: 'Validation failed' }]);
    expect(result.remaining.map((e) => e.objectId)).toEqual(['o2', 'o3']);
  });

  it('counts a missing answer as a failure', () => {
    expect(settleBatch([edit({})], ['o1'], []).failures).toHaveLength(1);
  });
});

describe('queue storage', () => {
  it('survives a reload, removals included', () => {
    const edits = [edit({}), edit({ field: 'gone', value: undefined })];
    storeQueue(sessionStorage, 'k', edits);
    expect(loadQueue(sessionStorage, 'k')).toEqual(edits);
    storeQueue(sessionStorage, 'k', []);
    expect(sessionStorage.getItem('k')).toBeNull();
  });

  it('reads a damaged entry as an empty queue', () => {
    sessionStorage.setItem('k', '{not json');
    expect(loadQueue(sessionStorage, 'k')).toEqual([]);
    sessionStorage.setItem('k', '[{"objectId":1}]');
    expect(loadQueue(sessionStorage, 'k')).toEqual([]);
  });
});

describe('isConditionFailed', () => {
  it('recognises the upstream code 305 and nothing else', () => {
    const err = (upstreamCode: number) =>
      new ConsoleApiError({ code: 'conflict', message: 'x', status: 400, details: { upstreamCode } });
    expect(isConditionFailed(err(305))).toBe(true);
    expect(isConditionFailed(err(101))).toBe(false);
    expect(isConditionFailed(new Error('x'))).toBe(false);
  });
});
