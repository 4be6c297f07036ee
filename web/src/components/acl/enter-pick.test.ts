import { describe, expect, it } from 'vitest';
import { enterPick } from './enter-pick';

const dana = { objectId: 'u1', username: 'dana' };
const daniel = { objectId: 'u2', username: 'daniel' };

describe('enterPick', () => {
  it('is the highlighted user, as the current list holds it', () => {
    const fresh = { objectId: 'u2', username: 'daniel' };
    expect(enterPick(daniel, [dana, fresh], true)).toBe(fresh);
  });

  it('is nobody when nothing is highlighted', () => {
    expect(enterPick(null, [dana], true)).toBeUndefined();
  });

  it('is nobody when the highlighted user has left the list', () => {
    expect(enterPick(daniel, [dana], true)).toBeUndefined();
  });

  it('is nobody while the list still answers the previous text', () => {
    expect(enterPick(dana, [dana, daniel], false)).toBeUndefined();
  });
});
