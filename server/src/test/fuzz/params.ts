import fc from 'fast-check';
import type { AuthMode } from '../harness';
import { FUZZ_CLASS, FUZZ_TARGET_CLASS, SEED_FIELDS } from './common';
import type { FuzzRequest } from './common';
import { anyString } from './primitives';
import { whereParam } from './where';
import { whereFieldName } from './where-wild';

// ---------------------------------------------------------------------------------------------
// Query parameters

export const paramString: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '-',
      '-1',
      '0',
      '1',
      '2',
      '1000',
      '1001',
      '99999999999999999999',
      '9223372036854775808',
      '1e3',
      '1.5',
      'abc',
      ',',
      ',,',
      '.',
      '..',
      'a.b',
      '-a,b',
      'objectId',
      '-createdAt',
      'n,-s',
      '-n,s,objectId',
      'obj.x',
      'obj.y.z',
      'ptr',
      'ptr.ptr',
      'ptr,arr',
      '-obj.x',
      'NaN',
      'Infinity',
      'true',
      'false',
      '0x10',
      ' 1',
      '+1',
      '--n',
      'n desc',
      'n;DROP',
      "s'",
      '"s"',
      '__proto__',
      '-__proto__',
      'constructor.prototype',
      'a'.repeat(300),
    ),
  },
  {
    weight: 2,
    arbitrary: fc
      .array(fc.tuple(fc.boolean(), whereFieldName), { maxLength: 4 })
      .map((fs) => fs.map(([neg, f]) => (neg ? `-${f}` : f)).join(',')),
  },
  { weight: 1, arbitrary: anyString },
);

export const fieldList = fc
  .array(
    fc.tuple(
      fc.boolean(),
      fc.constantFrom(...SEED_FIELDS, 'objectId', 'createdAt', 'updatedAt', 'obj.x', 'ptr.name'),
    ),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((fs) => fs.map(([neg, f]) => (neg ? `-${f}` : f)).join(','));

/** A query parameter: usually a valid value of its kind, sometimes anything. */
export const param = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: paramString });

const includeList = fc.constantFrom('ptr', 'ptr.ptr', 'arr', 'ptr,arr', 'obj');
export const limitValue = fc.integer({ min: 0, max: 1000 }).map(String);

export const queryParams: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    where: whereParam,
    order: param(fieldList),
    keys: param(fieldList),
    include: param(includeList),
    limit: param(limitValue),
    skip: param(fc.nat(10).map(String)),
    count: param(fc.constantFrom('1', '0', 'true')),
    returnACL: param(fc.constantFrom('true', 'false')),
    fetchWhenSave: param(fc.constantFrom('true', 'false', '1')),
  },
  { requiredKeys: [] },
);

/** GET /1.1/classes/<cls> queries: a `where` most of the time, other parameters sometimes. */
export const classQuery: fc.Arbitrary<FuzzRequest> = fc
  .tuple(
    fc.constantFrom(FUZZ_CLASS, FUZZ_CLASS, FUZZ_CLASS, FUZZ_TARGET_CLASS, 'NoSuchClass'),
    fc.option(whereParam, { nil: undefined, freq: 8 }),
    fc.record(
      {
        order: param(fieldList),
        keys: param(fieldList),
        include: param(includeList),
        limit: param(limitValue),
        skip: param(fc.nat(10).map(String)),
        count: param(fc.constantFrom('1', '0', 'true')),
        returnACL: param(fc.constantFrom('true', 'false')),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom<AuthMode>('app', 'app', 'master'),
  )
  .map(([cls, where, rest, auth]): FuzzRequest => ({
    kind: 'query',
    method: 'GET',
    path: `/1.1/classes/${cls}`,
    query: where === undefined ? rest : { where, ...rest },
    auth,
  }));
