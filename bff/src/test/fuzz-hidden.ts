import fc from 'fast-check';

/*
 * Fuzzing inputs aimed at what a role may not see and at where a request says it comes from:
 * queries naming hidden fields (directly, nested, in sub-queries on _User, in $select keys and
 * $or branches, in order/keys/include/scan_key), and Host / X-Forwarded-* headers.
 */

/** Paths to secrets the fuzzed app holds (see the seeded _User and Vault objects) and their parents. */
export const hiddenPath = fc.constantFrom(
  'authData.weixin.access_token',
  'authData.weixin',
  'authData',
  'sessionToken',
  'password',
  'apiToken',
  'doc.a.a.apiToken',
  'doc',
  'AUTHDATA.weixin.ACCESS_TOKEN',
);

const condition = fc.oneof(
  fc.constantFrom('x', '', 0, null, true),
  fc.record({ $regex: fc.constantFrom('^', '^w', '.*', '^wxtokenS', '\\Qwx\\E') }),
  fc.record({ $exists: fc.boolean() }),
  fc.record({ $gt: fc.constantFrom('', 'm', 0, {}, { weixin: {} }) }),
  fc.record({ $in: fc.array(fc.constantFrom('x', { access_token: 'x' }), { maxLength: 2 }) }),
  fc.record({ access_token: fc.constantFrom('x', 'wxtokenSECRET') }),
);

const clauses = fc.dictionary(hiddenPath, condition, { minKeys: 1, maxKeys: 2 });
const subQuery = fc.record({ className: fc.constantFrom('_User', 'Vault', 'Product'), where: clauses });

/** A `where` naming hidden fields somewhere. */
export const hiddenWhere = fc.oneof(
  clauses,
  fc.record({ objectId: fc.record({ $inQuery: subQuery }) }),
  fc.record({ objectId: fc.record({ $notInQuery: subQuery }) }),
  fc.record({ username: fc.record({ $select: fc.record({ query: subQuery, key: hiddenPath }) }) }),
  fc.record({ $or: fc.array(clauses, { minLength: 1, maxLength: 2 }) }),
  fc.record({ $and: fc.tuple(fc.constant({ username: { $exists: true } }), clauses) }),
);

/** Query parameters of a read naming hidden fields, as a query string. */
export const hiddenQuery = fc
  .record(
    {
      where: hiddenWhere.map((w) => JSON.stringify(w)),
      order: fc.tuple(fc.boolean(), hiddenPath).map(([desc, p]) => `${desc ? '-' : ''}${p}`),
      scan_key: fc.tuple(fc.boolean(), hiddenPath).map(([desc, p]) => `${desc ? '-' : ''}${p}`),
      keys: hiddenPath,
      include: hiddenPath,
      count: fc.constantFrom('1', '0'),
      limit: fc.constantFrom('0', '1', '1000'),
    },
    { requiredKeys: [] },
  )
  .map((q) => new URLSearchParams(q).toString());

const printable = (s: string) => /^[\x20-\x7e]*$/.test(s);
const printableString = fc.string({ maxLength: 40 }).filter(printable);

/** Host and X-Forwarded-* headers: allowed, refused, odd, forged. Only what HTTP can carry. */
export const netHeaders = fc.record(
  {
    host: fc.constantFrom(
      'localhost',
      'console.example.com',
      'CONSOLE.EXAMPLE.COM.',
      'evil.example',
      'evil.example:80',
      '[::1]',
      '[::1',
      '127.0.0.1:1',
      'a..b',
      '%00',
      '*',
      'console.example.com, evil.example',
      'x'.repeat(300),
    ),
    'x-forwarded-for': fc.oneof(
      fc.constantFrom(
        '203.0.113.1',
        '203.0.113.1, 198.51.100.7',
        '::1',
        'garbage',
        ', ,',
        'unknown, 10.0.0.1',
      ),
      printableString,
    ),
    'x-forwarded-host': fc.oneof(fc.constantFrom('evil.example', 'console.example.com', ''), printableString),
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'HTTPS', 'ftp', 'https, http', ''),
  },
  { requiredKeys: [] },
);
