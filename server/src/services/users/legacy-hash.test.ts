import { describe, expect, it } from 'vitest';
import { encodeLegacyHash, leancloudHash, verifyLegacyHash } from './legacy-hash';
import { needsRehash, verifyPassword } from './passwords';

// The worked example of LeanCloud's dashboard guide (导出用户数据的加密算法).
const SALT = 'h60d8x797d3oa0naxybxxv9bn7xpt2yiowz68mpiwou7gwr2';
const HASH = 'tA7BLW+NK0UeARng0693gCaVnljkglCB9snqlpCSUKjx2RgYp8VZZOQt0S5iUtlDrkJXfT3gknS4rRqjYsd/Ug==';

describe('LeanCloud password hashes', () => {
  it('reproduce the documented example', () => {
    expect(leancloudHash(SALT, 'password')).toBe(HASH);
  });

  it('verify the right password only', async () => {
    const stored = encodeLegacyHash(SALT, HASH);
    expect(stored).toBe(`lcsha512$512$${SALT}$${HASH}`);
    expect(verifyLegacyHash(stored, 'password')).toBe(true);
    expect(verifyLegacyHash(stored, 'Password')).toBe(false);
    expect(await verifyPassword(stored, 'password')).toBe(true);
    expect(await verifyPassword(stored, 'wrong')).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });

  it('honour the round count stored with the hash', () => {
    const stored = encodeLegacyHash('s', leancloudHash('s', 'pw', 10), 10);
    expect(verifyLegacyHash(stored, 'pw')).toBe(true);
    expect(verifyLegacyHash(stored.replace('$10$', '$512$'), 'pw')).toBe(false);
  });

  it('match nothing when malformed', () => {
    expect(verifyLegacyHash('lcsha512$512$salt', 'pw')).toBe(false);
    expect(verifyLegacyHash('lcsha512$x$salt$abc', 'pw')).toBe(false);
    expect(verifyLegacyHash('lcsha512$512$salt$dG9vc2hvcnQ=', 'pw')).toBe(false);
  });
});
