import { describe, expect, it } from 'vitest';
import { conflictOf, rebased } from './conflict';
import type { PendingEdit } from './queue';

const T1 = '2024-05-01T00:00:00.000Z';
const T2 = '2024-05-02T00:00:00.000Z';
const edits: PendingEdit[] = [
  { objectId: 'o1', field: 'price', value: 4, original: 3, updatedAt: T1 },
  { objectId: 'o1', field: 'name', value: 'B', original: 'A', updatedAt: T1 },
];
const current = { objectId: 'o1', createdAt: T1, updatedAt: T2, price: 5, name: 'A' };

describe('conflictOf', () => {
  it('sets mine beside the current and the original value, marking fields someone else changed', () => {
    expect(conflictOf(edits, current).rows).toEqual([
      { field: 'price', mine: 4, theirs: 5, original: 3, theirsChanged: true },
      { field: 'name', mine: 'B', theirs: 'A', original: 'A', theirsChanged: false },
    ]);
  });
});

describe('rebased', () => {
  it('keeps my values and makes them conditional on the version just read', () => {
    expect(rebased(conflictOf(edits, current))).toEqual([
      { objectId: 'o1', field: 'price', value: 4, original: 5, updatedAt: T2 },
      { objectId: 'o1', field: 'name', value: 'B', original: 'A', updatedAt: T2 },
    ]);
  });
});
