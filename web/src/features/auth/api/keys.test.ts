import { describe, expect, it } from 'vitest';
import { authKeys } from './keys';

describe('authKeys', () => {
  it('nests session and setup status under one root', () => {
    expect(authKeys.session().slice(0, 1)).toEqual(authKeys.all);
    expect(authKeys.setupStatus().slice(0, 1)).toEqual(authKeys.all);
    expect(authKeys.session()).not.toEqual(authKeys.setupStatus());
  });
});
