import { describe, expect, it } from 'vitest';
import { editRaw, finishDraft, initDraft, toBuilder, toRaw } from './draft';
import { readDataQuery } from './url-state';

const query = (where: unknown) =>
  readDataQuery(new URLSearchParams({ where: JSON.stringify(where), keys: 'a,b' }));

describe('query dialog draft', () => {
  it('opens a representable where in the builder', () => {
    const d = initDraft(query({ price: { $gt: 1 } }));
    expect(d.mode).toBe('builder');
    expect(d.model.children).toEqual([{ kind: 'condition', field: 'price', operator: 'gt', value: 1 }]);
    expect(finishDraft(d)).toEqual({
      ok: true,
      change: { where: { price: { $gt: 1 } }, keys: ['a', 'b'], include: [] },
    });
  });

  it('keeps a where the builder cannot show in raw mode, with the reason', () => {
    const d = initDraft(query({ s: { $notInQuery: { className: 'S', where: {} } } }));
    expect(d.mode).toBe('raw');
    expect(d.rawMessage).toEqual({
      kind: 'notRepresentable',
      message: expect.stringContaining('$notInQuery'),
    });
    expect(toBuilder(d).mode).toBe('raw');
    expect(finishDraft(d)).toMatchObject({
      ok: true,
      change: { where: { s: { $notInQuery: { className: 'S', where: {} } } } },
    });
  });

  it('round-trips between builder and raw JSON', () => {
    const d = toRaw(initDraft(query({ a: 1, $or: [{ b: 2 }, { c: 3 }] })));
    expect(JSON.parse(d.raw)).toEqual({ a: 1, $or: [{ b: 2 }, { c: 3 }] });
    const edited = toBuilder(editRaw(d, '{"a": {"$in": [1, 2]}}'));
    expect(edited.mode).toBe('builder');
    expect(edited.model.children).toEqual([{ kind: 'condition', field: 'a', operator: 'in', value: [1, 2] }]);
  });

  it('shows why raw JSON is invalid and refuses to apply it', () => {
    const d = editRaw(initDraft(query({})), '{"a": {"$gt": }');
    expect(d.rawMessage?.kind).toBe('invalid');
    expect(finishDraft(d).ok).toBe(false);
    const refused = editRaw(d, '{"a": {"$size": -1}}');
    expect(refused.rawMessage).toEqual({
      kind: 'invalid',
      message: '$size on "a" needs a non-negative integer',
    });
    expect(toBuilder(refused).mode).toBe('raw');
  });
});
