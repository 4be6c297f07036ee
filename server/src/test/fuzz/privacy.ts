import fc from 'fast-check';
import type { FuzzRequest } from './common';
import { FUZZ_TARGET_CLASS, fromEntries } from './common';
import { refused } from './privacy-model';
import type { Read } from './privacy-model';
import { PRIVACY_CLASS, privacy } from './privacy-seed';

// Requests that read _User, or its hidden fields, through every door a query has: sub-queries
// ($inQuery, $notInQuery, $select, $dontSelect, nested in $or / $and), direct _User queries,
// order, keys, include, a relation query redirected to _User, a conditional write's where and a
// batch GET. Each request's kind says whether Doc 1's rules refuse it ("privacy:refuse").

/** Fields of _User a where names: hidden ones (read-policy.ts), near misses, and ordinary ones. */
const USER_FIELDS = [
  'authData',
  'authData.weixin',
  'authData.weixin.access_token',
  'authData.weixin.uid',
  'password',
  'sessionToken',
  'salt',
  'AuthData',
  'authDataX',
  'email',
  'mobilePhoneNumber',
  'username',
  'objectId',
  'emailVerified',
  'createdAt',
];

/** A strict prefix of one of the victim's secrets (read when generated, after seeding). */
const secretPrefix = fc
  .constant(null)
  .chain(() => fc.constantFrom(privacy.token, privacy.uid, privacy.importedHash, privacy.importedSalt))
  .chain((s) => fc.nat({ max: s.length - 1 }).map((n) => s.slice(0, n)));
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const guess = fc.oneof(secretPrefix, fc.constantFrom('', 'S', '+86', 'victim', '$2a$'));

const condition = fc.oneof(
  guess,
  guess.map((g) => ({ $regex: `^${escapeRegex(g)}` })),
  fc.record({ $exists: fc.boolean() }),
  guess.map((g) => ({ $gt: g })),
  guess.map((g) => ({ $in: [g] })),
  guess.map((g) => ({ $ne: g })),
);

const subClass = fc.constantFrom(
  '_User',
  '_User',
  '_User',
  FUZZ_TARGET_CLASS,
  PRIVACY_CLASS,
  'FuzzNoSuchClass',
);

const { userWhere, where } = fc.letrec<{
  userWhere: Record<string, unknown>;
  where: Record<string, unknown>;
}>((tie) => {
  const sub = fc.record({ className: subClass, where: tie('userWhere') });
  const select = fc.record({ query: sub, key: fc.constantFrom(...USER_FIELDS) });
  const branches = (w: 'userWhere' | 'where') =>
    fc.array(tie(w), { minLength: 1, maxLength: 2, depthIdentifier: 'privacy' });
  const userClause = fc.oneof(
    { depthIdentifier: 'privacy', maxDepth: 3 },
    fc.tuple(fc.constantFrom(...USER_FIELDS), condition),
    fc.tuple(fc.constantFrom('$or', '$and'), branches('userWhere')),
  );
  const clause = fc.oneof(
    { depthIdentifier: 'privacy', maxDepth: 3 },
    fc.tuple(fc.constant('u'), fc.record({ $inQuery: sub })),
    fc.tuple(fc.constant('u'), fc.record({ $notInQuery: sub })),
    fc.tuple(fc.constant('label'), fc.record({ $select: select })),
    fc.tuple(fc.constant('label'), fc.record({ $dontSelect: select })),
    fc.tuple(fc.constantFrom('label', 'authData.k', 'u.authData.weixin.access_token'), condition),
    fc.tuple(fc.constantFrom('$or', '$and'), branches('where')),
  );
  return {
    userWhere: fc.array(userClause, { maxLength: 2, depthIdentifier: 'privacy' }).map((e) => fromEntries(e)),
    where: fc
      .array(clause, { minLength: 1, maxLength: 2, depthIdentifier: 'privacy' })
      .map((e) => fromEntries(e)),
  };
});

const auth = fc.constantFrom<['app' | 'master', boolean]>(['app', false], ['app', true], ['master', false]);
const order = fc.option(
  fc
    .array(fc.tuple(fc.boolean(), fc.constantFrom(...USER_FIELDS)), { minLength: 1, maxLength: 2 })
    .map((fs) => fs.map(([neg, f]) => (neg ? `-${f}` : f)).join(',')),
  { nil: undefined },
);
const keys = fc.option(fc.constantFrom('authData', 'u.authData', 'username,authData', 'password,salt'), {
  nil: undefined,
});

/** A query of FuzzPrivacy, of _User (two paths), or of _User through a redirected relation. */
const read: fc.Arbitrary<Read & { path: string; query: Record<string, string> }> = fc.oneof(
  fc.tuple(where, order, keys).map(([w, o, k]) => ({
    className: PRIVACY_CLASS,
    where: w,
    finds: true,
    ...(o ? { order: o } : {}),
    path: `/1.1/classes/${PRIVACY_CLASS}`,
    query: { include: 'u', ...(o ? { order: o } : {}), ...(k ? { keys: k } : {}) },
  })),
  fc
    .tuple(userWhere, order, keys, fc.constantFrom('/1.1/users', '/1.1/classes/_User'))
    .map(([w, o, k, path]) => ({
      className: '_User',
      where: w,
      finds: true,
      ...(o ? { order: o } : {}),
      path,
      query: { ...(o ? { order: o } : {}), ...(k ? { keys: k } : {}) },
    })),
  userWhere.map((w) => ({
    className: '_User',
    where: {
      ...w,
      $relatedTo: {
        object: { __type: 'Pointer', className: PRIVACY_CLASS, objectId: privacy.holderId },
        key: 'fans',
      },
    },
    finds: true,
    path: `/1.1/classes/${PRIVACY_CLASS}`,
    query: { redirectClassNameForKey: 'fans' },
  })),
);

/** One privacy request; `open` is the _User query setting the server runs with. */
export function privacyRequest(open: boolean): fc.Arbitrary<FuzzRequest> {
  const write = where.map((w): Read & { path: string } => ({
    className: PRIVACY_CLASS,
    where: w,
    finds: false,
    path: `/1.1/classes/${PRIVACY_CLASS}/${privacy.ownId}`,
  }));
  return fc
    .oneof(
      {
        weight: 4,
        arbitrary: fc.tuple(read, fc.boolean()).map(([r, batch]) => ({ r, batch, method: 'GET' })),
      },
      { weight: 1, arbitrary: write.map((r) => ({ r: { ...r, query: {} }, batch: false, method: 'PUT' })) },
    )
    .chain(({ r, batch, method }) =>
      auth.map(([mode, withSession]): FuzzRequest => {
        const kind = `privacy${batch ? '-batch' : ''}:${mode !== 'master' && refused(r, open) ? 'refuse' : 'answer'}`;
        const headers: Record<string, string> = withSession
          ? { 'X-LC-Session': privacy.attackerSession }
          : {};
        const params = { ...r.query, where: JSON.stringify(r.where) };
        if (batch) {
          const body = JSON.stringify({
            requests: [{ method: 'GET', path: r.path, params: { ...r.query, where: r.where } }],
          });
          return {
            kind,
            method: 'POST',
            path: '/1.1/batch',
            auth: mode,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body,
          };
        }
        if (method === 'PUT')
          return {
            kind,
            method,
            path: r.path,
            query: { where: params.where },
            auth: mode,
            headers: { ...headers, 'Content-Type': 'application/json' },
            body: '{"touched":1}',
          };
        return { kind, method, path: r.path, query: params, auth: mode, headers };
      }),
    );
}
