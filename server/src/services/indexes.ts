import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { isUniqueViolation, pgErrorCode } from '@switchboard/shared/sql';
import { badRequest, classNotFound, ApiError } from '../http/errors';
import type { ClassRegistry } from '../store/classes';
import { forgetIndexLeaders } from '../store/index-leaders';
import { createIndexRow, dropIndexRow, listIndexRows } from '../store/indexes';
import type { IndexKeys, IndexRow } from '../store/indexes';
import {
  createOptionalIndex,
  dropOptionalIndex,
  OPTIONAL_INDEXES,
  optionalIndexNamed,
  presentOptionalIndexes,
} from '../store/optional-indexes';
import type { OptionalIndex } from '../store/optional-indexes';
import { FULLY_INDEXED_CLASSES } from '../store/tables';
import { assertClassName } from './names';

const FIELD_RE = /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/;
const NAME_RE = /^[A-Za-z0-9_]{1,40}$/;

/** The indexes every class has and keeps (objectId and createdAt). */
export const DEFAULT_INDEXES = [
  { name: '_id_', keys: { objectId: 1 }, unique: true, default: true },
  { name: '_createdAt_', keys: { createdAt: 1 }, unique: false, default: true },
];

const RESERVED_NAMES = new Set([...DEFAULT_INDEXES, ...OPTIONAL_INDEXES].map((i) => i.name));

/**
 * The optional index a create body asks for: keys {"$**": 1} alone (the GIN on every field) or
 * {"updatedAt": 1 | -1} alone and not unique (the (updated_at, id) btree, read either way).
 * `$**` anywhere else, with -1 or unique, is refused rather than read as a field.
 */
function optionalRequested(body: Record<string, unknown>): OptionalIndex | undefined {
  const keys = body.keys;
  if (!isPlainObject(keys)) return undefined;
  const entries = Object.entries(keys);
  const wildcard = entries.some(([f]) => f === '$**');
  if (wildcard && (entries.length !== 1 || keys['$**'] !== 1 || body.unique === true)) {
    throw badRequest(
      LcCode.InvalidParameter,
      'The index on every field is asked for alone: {"keys": {"$**": 1}}, not unique, with no other field.',
    );
  }
  const isUpdated = entries.length === 1 && entries[0]?.[0] === 'updatedAt' && body.unique !== true;
  if (!wildcard && !isUpdated) return undefined;
  const index = optionalIndexNamed(wildcard ? '_fields_' : '_updatedAt_');
  if (isUpdated && keys.updatedAt !== 1 && keys.updatedAt !== -1)
    throw badRequest(LcCode.InvalidParameter, 'The direction of "updatedAt" must be 1 or -1.');
  if (index && body.name !== undefined && body.name !== index.name) {
    throw badRequest(
      LcCode.InvalidParameter,
      `This index is named ${index.name}; leave out "name" or use that one.`,
    );
  }
  return index;
}

function parseKeys(v: unknown): IndexKeys {
  if (!isPlainObject(v) || Object.keys(v).length === 0) {
    throw badRequest(LcCode.InvalidParameter, 'keys must be an object such as {"score": -1, "name": 1}.');
  }
  if (Object.keys(v).length > 8) throw badRequest(LcCode.InvalidParameter, 'An index has at most 8 fields.');
  const out: IndexKeys = {};
  for (const [field, dir] of Object.entries(v)) {
    if (!FIELD_RE.test(field)) throw badRequest(LcCode.InvalidKeyName, `"${field}" is not a field name.`);
    if (dir !== 1 && dir !== -1)
      throw badRequest(LcCode.InvalidParameter, `The direction of "${field}" must be 1 or -1.`);
    out[field] = dir;
  }
  return out;
}

/** Index management (master key): list, create and drop btree indexes on fields of a class. */
export class IndexService {
  constructor(
    private readonly classes: ClassRegistry,
    /** Refreshes a class's planner statistics, so a new index is used at once. */
    private readonly analyze: (className: string) => Promise<void>,
  ) {}

  private async requireClass(sql: Sql, className: string) {
    assertClassName(className, false);
    if (!(await this.classes.exists(sql, className))) throw classNotFound();
  }

  async list(sql: Sql, className: string) {
    await this.requireClass(sql, className);
    const optional = await presentOptionalIndexes(sql, className);
    const own = await listIndexRows(sql, className);
    return {
      results: [
        ...DEFAULT_INDEXES,
        ...optional.map((o) => ({ name: o.name, keys: o.keys, unique: false, default: false, note: o.note })),
        ...own.map((i) => ({ ...i, default: false })),
      ],
    };
  }

  async create(sql: Sql, className: string, body: unknown): Promise<IndexRow> {
    await this.requireClass(sql, className);
    if (!isPlainObject(body))
      throw badRequest(LcCode.InvalidJson, 'Malformed json object. A json dictionary is expected.');
    const optional = optionalRequested(body);
    if (optional) {
      if (!(await createOptionalIndex(sql, className, optional)))
        throw badRequest(LcCode.DuplicateValue, `The class already has an index named ${optional.name}.`);
      await this.analyze(className);
      return { name: optional.name, keys: optional.keys, unique: false };
    }
    const keys = parseKeys(body.keys);
    const unique = body.unique === true;
    const name =
      body.name === undefined
        ? Object.entries(keys)
            .map(([f, d]) => `${f.replace(/\./g, '_')}_${d === 1 ? 'asc' : 'desc'}`)
            .join('_')
            .slice(0, 40)
        : typeof body.name === 'string'
          ? body.name
          : '';
    if (!NAME_RE.test(name))
      throw badRequest(LcCode.InvalidParameter, 'An index name has 1 to 40 letters, digits or underscores.');
    if (RESERVED_NAMES.has(name))
      throw badRequest(LcCode.InvalidParameter, `${name} is the name of a built-in index; choose another.`);
    const index: IndexRow = { name, keys, unique };
    try {
      await createIndexRow(sql, className, index, await this.classes.fields(sql, className));
    } catch (e) {
      if (e instanceof ApiError) throw e;
      if (pgErrorCode(e) === '23505' && String((e as Error).message).includes('lc_indexes')) {
        throw badRequest(LcCode.DuplicateValue, `The class already has an index named ${name}.`);
      }
      if (isUniqueViolation(e)) {
        throw badRequest(
          LcCode.DuplicateValue,
          'Cannot create a unique index: some objects already share a value.',
        );
      }
      if (pgErrorCode(e) === '42P07')
        throw badRequest(LcCode.DuplicateValue, `The class already has an index named ${name}.`);
      throw e;
    }
    forgetIndexLeaders(this.classes, className);
    await this.analyze(className);
    return index;
  }

  async drop(sql: Sql, className: string, name: string): Promise<void> {
    await this.requireClass(sql, className);
    const optional = optionalIndexNamed(name);
    if (optional) {
      if (FULLY_INDEXED_CLASSES.has(className)) {
        throw badRequest(
          LcCode.InvalidParameter,
          `The server's own queries on ${className} need ${name}; it cannot be dropped.`,
        );
      }
      if (await dropOptionalIndex(sql, className, optional)) return;
    } else {
      const dropped = await dropIndexRow(sql, className, name);
      forgetIndexLeaders(this.classes, className);
      if (dropped) return;
    }
    throw new ApiError(
      404,
      LcCode.NotFound,
      `The class ${className} has no index named ${name} (_id_ and _createdAt_ cannot be dropped).`,
    );
  }
}
