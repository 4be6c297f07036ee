import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * LeanCloud's password hash, as its exports carry it in `_User.password` with the user's `salt`.
 *
 * Source: LeanCloud's dashboard guide, section 导出用户数据的加密算法 ("the encryption algorithm of
 * exported user data", https://leancloud.cn/docs/dashboard_guide.html, also in the leancloud/docs
 * repository; docs/sdk/announcements/sunset-export.mdx links to it): create a SHA-512 hasher,
 * update it with the salt then the plain password, take the digest `hv`, then 512 times replace
 * `hv` with the SHA-512 digest of `hv`, and store base64(hv). Its worked example
 * (salt `h60d8x797d3oa0naxybxxv9bn7xpt2yiowz68mpiwou7gwr2`, password `password`) gives
 * `tA7BLW+NK0UeARng0693gCaVnljkglCB9snqlpCSUKjx2RgYp8VZZOQt0S5iUtlDrkJXfT3gknS4rRqjYsd/Ug==`,
 * which legacy-hash.test.ts checks. The salt is used as the UTF-8 text of the exported string.
 *
 * The 512 rehash rounds are the documented value; the stored form carries its own round count
 * (`lcsha512$<rounds>$<salt>$<base64 hash>`) so an export made with another count still verifies
 * when imported with `--hash-rounds`.
 */
export const LEANCLOUD_REHASH_ROUNDS = 512;

const PREFIX = 'lcsha512$';

export function leancloudDigest(salt: string, password: string, rounds = LEANCLOUD_REHASH_ROUNDS): Buffer {
  let hv = createHash('sha512').update(salt, 'utf8').update(password, 'utf8').digest();
  for (let i = 0; i < rounds; i++) hv = createHash('sha512').update(hv).digest();
  return hv;
}

/** The hash LeanCloud would have stored for this password (base64). */
export const leancloudHash = (salt: string, password: string, rounds = LEANCLOUD_REHASH_ROUNDS) =>
  leancloudDigest(salt, password, rounds).toString('base64');

/** The stored form of an imported LeanCloud hash, told apart from argon2's `$argon2id$...`. */
export function encodeLegacyHash(salt: string, hash: string, rounds = LEANCLOUD_REHASH_ROUNDS): string {
  if (salt.includes('$')) throw new Error('a LeanCloud salt cannot contain "$"');
  return `${PREFIX}${rounds}$${salt}$${hash}`;
}

export const isLegacyHash = (stored: string) => stored.startsWith(PREFIX);

/** Whether `password` matches a stored `lcsha512$...` hash (false for anything malformed). */
export function verifyLegacyHash(stored: string, password: string): boolean {
  const parts = stored.slice(PREFIX.length).split('$');
  if (parts.length !== 3) return false;
  const [roundsText = '', salt = '', hash = ''] = parts;
  const rounds = Number(roundsText);
  if (!Number.isInteger(rounds) || rounds < 0 || rounds > 100_000) return false;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length !== 64) return false;
  return timingSafeEqual(leancloudDigest(salt, password, rounds), expected);
}
