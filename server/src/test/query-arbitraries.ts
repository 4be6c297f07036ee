import fc from 'fast-check';

/**
 * Generators for the query property test (query-property.test.ts): random objects of a class
 * whose fields each have one type, and random where / order / skip / limit / count queries over
 * them. Values a query should find in the data are placeholders ({__ref}) that the test resolves
 * against the objects the server created.
 */

// ---------------------------------------------------------------------------------------------
// Values. Every field has one type (the server refuses a second one with code 111).

const ALPHABET = ['a', 'b', 'c', 'A', 'B', 'C', '0', '1', ' ', 'é', 'É', '中', '\n'];
export const BASE_TIME = Date.UTC(2020, 0, 1);

const strArb = fc.string({ unit: fc.constantFrom(...ALPHABET), maxLength: 4 });
const intArb = fc.integer({ min: -5, max: 5 });
const floatArb = fc.oneof(
  fc.integer({ min: -24, max: 24 }).map((k) => k / 4),
  fc.integer({ min: -30, max: 30 }).map((k) => k / 10),
);
const boolArb = fc.boolean();
export const dateOf = (ms: number) => ({ __type: 'Date', iso: new Date(ms).toISOString() });
const dateArb = fc.integer({ min: -12, max: 12 }).map((k) => dateOf(BASE_TIME + k * 3_456_789_123));
const elemArb = fc.oneof(strArb, intArb);
const arrayArb = fc.array(elemArb, { maxLength: 4 });
const nestedArb = fc.record(
  { a: fc.option(intArb, { nil: null, freq: 5 }), b: strArb },
  { requiredKeys: [], noNullPrototype: true },
);
const pointerArb = fc.constantFrom('t1', 't2', 't3').map((objectId) => ({
  __type: 'Pointer',
  className: 'Target',
  objectId,
}));
/** A Pointer to another class than the field's ones, or to an id the data never uses. */
const otherPointerArb = fc.constantFrom(
  { __type: 'Pointer', className: 'Other', objectId: 't1' },
  { __type: 'Pointer', className: 'Target', objectId: 't9' },
);
/** A value of another type than the field's, for comparisons that must not match. */
const otherScalarArb = fc.oneof(strArb, intArb, boolArb, dateArb);

const FIELD_VALUES = {
  s: strArb,
  n: intArb,
  f: floatArb,
  b: boolArb,
  d: dateArb,
  arr: arrayArb,
  obj: nestedArb,
  p: pointerArb,
};

/** An object as sent: any field may be missing or null. */
const objectArb: fc.Arbitrary<Record<string, unknown>> = fc.record(
  Object.fromEntries(
    Object.entries(FIELD_VALUES).map(([k, arb]) => [k, fc.option(arb as fc.Arbitrary<unknown>, { freq: 6 })]),
  ),
  { requiredKeys: [], noNullPrototype: true },
);

// ---------------------------------------------------------------------------------------------
// Placeholders, resolved once the server has created the objects.

export type Pool = 's' | 'n' | 'f' | 'b' | 'd' | 'arr' | 'arr.elem' | 'obj' | 'obj.a' | 'obj.b' | 'p';

export type Ref =
  | { __ref: 'value'; pool: Pool; i: number; reverse: boolean; fallback: unknown }
  | { __ref: 'id'; i: number }
  | { __ref: 'created'; i: number; deltaMs: number };

/** A value found in the data (pool), or `fallback` when the data has none. */
const fromData = (pool: Pool, fallback: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> =>
  fc.record({
    __ref: fc.constant('value' as const),
    pool: fc.constant(pool),
    i: fc.nat(40),
    reverse: fc.boolean(),
    fallback,
  });

/** A value of the field's type: mostly one that occurs in the data. */
const sameType = (pool: Pool, arb: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: fromData(pool, arb) }, { weight: 1, arbitrary: arb });

const idRef = fc.oneof(
  { weight: 4, arbitrary: fc.record({ __ref: fc.constant('id' as const), i: fc.nat(40) }) },
  { weight: 1, arbitrary: fc.constantFrom('000000000000000000000000', 'ffffffffffffffffffffffff', 'x') },
);
const createdRef = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      __ref: fc.constant('created' as const),
      i: fc.nat(40),
      deltaMs: fc.constantFrom(-1, 0, 0, 1),
    }),
  },
  { weight: 1, arbitrary: dateArb },
);

// ---------------------------------------------------------------------------------------------
// Where clauses.

type Entry = [string, unknown];
type OpArb = fc.Arbitrary<Record<string, unknown>>;

const regexArb: OpArb = fc
  .record({
    start: fc.boolean(),
    atoms: fc.array(
      fc.constantFrom('a', 'b', 'c', 'A', 'B', '0', '1', ' ', 'é', 'É', '中', '.', '.*', '[a-c]'),
      {
        maxLength: 3,
      },
    ),
    end: fc.boolean(),
    options: fc.subarray(['i', 'm', 's']),
    withOptions: fc.boolean(),
  })
  .map(({ start, atoms, end, options, withOptions }) => {
    const $regex = `${start ? '^' : ''}${atoms.join('')}${end ? '$' : ''}`;
    return options.length || withOptions ? { $regex, $options: options.join('') } : { $regex };
  });

interface FieldSpec {
  field: string;
  /** Equality operands: the field's type (from the data or not). */
  same: fc.Arbitrary<unknown>;
  /** Range operands (numbers, strings, booleans or Dates only). */
  range: fc.Arbitrary<unknown>;
  /** Elements for $all. */
  elem?: fc.Arbitrary<unknown>;
  regex?: boolean;
  /** objectId and createdAt take fewer operators. */
  builtin?: boolean;
}

const withOthers = (same: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 4, arbitrary: same }, { weight: 1, arbitrary: otherScalarArb });

const SPECS: FieldSpec[] = [
  { field: 's', same: sameType('s', strArb), range: withOthers(sameType('s', strArb)), regex: true },
  {
    field: 'n',
    same: fc.oneof(sameType('n', intArb), sameType('f', floatArb)),
    range: withOthers(fc.oneof(sameType('n', intArb), floatArb)),
  },
  {
    field: 'f',
    same: fc.oneof(sameType('f', floatArb), sameType('n', intArb)),
    range: withOthers(sameType('f', floatArb)),
  },
  { field: 'b', same: boolArb, range: withOthers(boolArb) },
  { field: 'd', same: sameType('d', dateArb), range: withOthers(sameType('d', dateArb)) },
  {
    field: 'arr',
    same: fc.oneof(sameType('arr.elem', elemArb), sameType('arr', arrayArb)),
    range: withOthers(sameType('arr.elem', elemArb)),
    elem: sameType('arr.elem', elemArb),
    regex: true,
  },
  { field: 'obj', same: sameType('obj', nestedArb), range: otherScalarArb },
  { field: 'obj.a', same: sameType('obj.a', intArb), range: withOthers(sameType('obj.a', intArb)) },
  {
    field: 'obj.b',
    same: sameType('obj.b', strArb),
    range: withOthers(sameType('obj.b', strArb)),
    regex: true,
  },
  {
    field: 'p',
    same: fc.oneof(
      { weight: 4, arbitrary: sameType('p', pointerArb) },
      { weight: 1, arbitrary: otherPointerArb },
    ),
    range: otherScalarArb,
  },
  { field: 'objectId', same: idRef, range: fc.oneof(idRef, strArb), builtin: true },
  { field: 'createdAt', same: createdRef, range: createdRef, builtin: true },
];

/** An array of n elements, n >= 0 chosen with the given weights (weights[n]); mostly short. */
function fewOf<T>(arb: fc.Arbitrary<T>, weights: number[]): fc.Arbitrary<T[]> {
  return fc.oneof(
    ...weights
      .map((weight, n) => ({ weight, arbitrary: fc.tuple(...Array.from({ length: n }, () => arb)) }))
      .filter((w) => w.weight > 0),
  );
}

/** Operand of equality, $ne, $in, $nin: mostly the field's type, sometimes another type or null. */
function equalityOperandArb(spec: FieldSpec): fc.Arbitrary<unknown> {
  if (spec.builtin) return spec.same;
  return fc.oneof(
    { weight: 6, arbitrary: spec.same },
    { weight: 1, arbitrary: otherScalarArb },
    { weight: 1, arbitrary: fc.constant(null) },
  );
}

/** One operator of a field's condition object, e.g. {$gt: 3}. */
function operatorArb(spec: FieldSpec): OpArb {
  const eqOperand = equalityOperandArb(spec);
  const ops: OpArb[] = [
    fc.record({ $ne: eqOperand }),
    fc.record({ $lt: spec.range }),
    fc.record({ $lte: spec.range }),
    fc.record({ $gt: spec.range }),
    fc.record({ $gte: spec.range }),
    fc.record({ $in: fc.array(eqOperand, { maxLength: 4 }) }),
    fc.record({ $nin: fc.array(eqOperand, { maxLength: 4 }) }),
    fc.record({ $exists: fc.boolean() }),
  ];
  if (!spec.builtin) {
    ops.push(
      fc.record({ $all: fc.array(spec.elem ?? spec.same, { maxLength: 3 }) }),
      fc.record({ $size: fc.nat(4) }),
    );
  }
  if (spec.regex) ops.push(regexArb, regexArb);
  return fc.oneof(...ops);
}

/** [field, condition]: an equality, or an object of one or two operators (implicit and). */
function fieldEntryArb(spec: FieldSpec): fc.Arbitrary<Entry> {
  const eq = equalityOperandArb(spec);
  const ops = fewOf(operatorArb(spec), [0, 4, 1]).map(
    (list) => Object.assign({}, ...list) as Record<string, unknown>,
  );
  return fc
    .oneof({ weight: 1, arbitrary: eq }, { weight: 2, arbitrary: ops })
    .map((cond): Entry => [spec.field, cond]);
}

const fieldClauseArb = fc.oneof(...SPECS.map(fieldEntryArb));

/** A where object of depth <= 2 of $or / $and nesting; the top level may be empty. */
function whereArb(depth: number): fc.Arbitrary<Record<string, unknown>> {
  const entry: fc.Arbitrary<Entry> =
    depth >= 2
      ? fieldClauseArb
      : fc.oneof(
          { weight: 3, arbitrary: fieldClauseArb },
          {
            weight: 1,
            arbitrary: fc
              .tuple(
                fc.constantFrom('$or', '$and'),
                fc.array(whereArb(depth + 1), { minLength: 1, maxLength: 3 }),
              )
              .map(([op, branches]): Entry => [op, branches]),
          },
        );
  const sizes = depth === 0 ? [1, 8, 3, 1] : [0, 4, 2, 1];
  return fewOf(entry, sizes).map((entries) => Object.fromEntries(entries));
}

// ---------------------------------------------------------------------------------------------
// Queries.

const ORDERABLE = ['s', 'n', 'f', 'b', 'd', 'obj.a', 'obj.b', 'createdAt', 'objectId'];

export interface GenQuery {
  where: Record<string, unknown> | undefined;
  order: string | undefined;
  limit: number | undefined;
  skip: number | undefined;
  count: boolean;
}

const orderArb = fc
  .array(fc.tuple(fc.constantFrom(...ORDERABLE), fc.boolean()), { minLength: 1, maxLength: 2 })
  .map((keys) => keys.map(([f, desc]) => `${desc ? '-' : ''}${f}`).join(','));

const queryArb: fc.Arbitrary<GenQuery> = fc
  .record({
    where: fc.option(whereArb(0), { nil: undefined, freq: 8 }),
    order: fc.option(orderArb, { nil: undefined, freq: 3 }),
    limit: fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined, freq: 2 }),
    skip: fc.option(fc.integer({ min: 0, max: 10 }), { nil: undefined, freq: 2 }),
    count: fc.boolean(),
    countOnly: fc.boolean(),
  })
  .map(({ countOnly, ...q }) => (q.count && countOnly ? { ...q, limit: 0 } : q));

export const scenarioArb = fc.record({
  objects: fc.array(objectArb, { maxLength: 25, size: 'max' }),
  queries: fc.array(queryArb, { minLength: 1, maxLength: 6 }),
});
