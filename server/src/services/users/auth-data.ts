import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../../http/errors';
import { replaceLinks } from '../../store/auth-links';
import type { Link } from '../../store/auth-links';

type Entry = Record<string, unknown>;

/**
 * The unique id of one authData entry (Doc 1 Third-party table): `uid`, or `openid` for
 * messaging-style platforms, or `id` for anonymous users.
 */
function uidOf(platform: string, entry: Entry): string {
  const uid = entry.uid ?? entry.openid ?? (platform === 'anonymous' ? entry.id : undefined);
  if (typeof uid !== 'string' || uid === '') {
    const member = platform === 'anonymous' ? 'id' : 'uid (or openid)';
    throw badRequest(LcCode.InvalidParameter, `authData.${platform} needs a non-empty ${member}.`);
  }
  return uid;
}

/**
 * Validates authData from a request and adds the `_<platform>_unionid: {uid}` entries the
 * UnionID feature stores (Doc 1: entries with `unionid` and `platform`). null unlinks a platform.
 */
export function normalizeAuthData(raw: unknown): Record<string, Entry | null> {
  if (!isPlainObject(raw) || Object.keys(raw).length === 0)
    throw badRequest(LcCode.InvalidParameter, 'authData must be an object keyed by platform name.');
  const out: Record<string, Entry | null> = {};
  for (const [platform, entry] of Object.entries(raw)) {
    if (!/^[A-Za-z0-9_]+$/.test(platform))
      throw badRequest(LcCode.InvalidKeyName, `"${platform}" is not a valid authData platform name.`);
    if (entry === null) {
      out[platform] = null;
      continue;
    }
    if (!isPlainObject(entry))
      throw badRequest(LcCode.InvalidParameter, `authData.${platform} must be an object.`);
    uidOf(platform, entry);
    out[platform] = entry;
    if (typeof entry.unionid === 'string' && entry.unionid !== '') {
      if (typeof entry.platform !== 'string' || !/^[A-Za-z0-9_]+$/.test(entry.platform))
        throw badRequest(
          LcCode.InvalidParameter,
          `authData.${platform} has a unionid but no valid "platform".`,
        );
      out[`_${entry.platform}_unionid`] = { uid: entry.unionid };
    }
  }
  return out;
}

/** The identities of a stored authData object. */
export function linksOf(authData: unknown): Link[] {
  if (!isPlainObject(authData)) return [];
  const links: Link[] = [];
  for (const [platform, entry] of Object.entries(authData)) {
    if (isPlainObject(entry)) {
      const uid = entry.uid ?? entry.openid ?? (platform === 'anonymous' ? entry.id : undefined);
      if (typeof uid === 'string' && uid !== '') links.push({ platform, uid });
    }
  }
  return links;
}

/** Records the user's identities; a uid already linked to another user refuses the write (137). */
export async function syncLinks(sql: Sql, userId: string, authData: unknown): Promise<void> {
  const taken = await replaceLinks(sql, userId, linksOf(authData));
  const first = taken[0];
  if (first) {
    throw badRequest(
      LcCode.DuplicateValue,
      `authData.${first.platform} with this uid is already linked to another user.`,
    );
  }
}

/**
 * An update body's authData as dotted keys, so linking one platform keeps the others. Linking a
 * platform other than `anonymous` ends the anonymous identity, as LeanCloud did: the user is no
 * longer anonymous (the SDK's isAnonymous() reads authData.anonymous).
 */
export function authDataPaths(authData: Record<string, Entry | null>): Record<string, unknown> {
  const paths: Record<string, unknown> = Object.fromEntries(
    Object.entries(authData).map(([p, e]) => [`authData.${p}`, e === null ? { __op: 'Delete' } : e]),
  );
  // `_<platform>_unionid` entries come with a platform's entry; they link nothing of their own.
  const linksPlatform = Object.entries(authData).some(
    ([p, e]) => e !== null && p !== 'anonymous' && !p.startsWith('_'),
  );
  if (linksPlatform && !('anonymous' in authData)) paths['authData.anonymous'] = { __op: 'Delete' };
  return paths;
}
