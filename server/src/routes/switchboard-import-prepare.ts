import { isPlainObject, isValidKeyName, LcCode } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { parseAcl } from '../services/acl';
import { normalizeAuthData } from '../services/users/auth-data';
import { encodeLegacyHash, LEANCLOUD_REHASH_ROUNDS } from '../services/users/legacy-hash';
import { isOp } from '../services/ops';
import { normalizeIso, normalizeValue } from '../services/values';
import { applyBody } from '../services/write';
import type { ObjectRow } from '../store/objects';

/** One exported object made ready to upsert, or why it cannot be. */
export interface PreparedObject {
  row: ObjectRow;
  /** Top-level fields present (their types are recorded in the schema). */
  fields: string[];
  /** Whether the export gave an updatedAt; without one, an existing object is never replaced. */
  dated: boolean;
  /** _User only: the stored form of the exported LeanCloud hash. */
  passwordHash?: string | undefined;
}

const OBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;
/** Fields an export carries that are not data: they are rebuilt or kept elsewhere. */
const NOT_DATA = new Set(['objectId', 'createdAt', 'updatedAt', 'ACL', 'sessionToken', 'salt', 'password']);

/** The API's own timestamp form, which exports carry: parsed once, with no round trip through text. */
const CANONICAL_ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function dateOf(v: unknown, field: string): Date | undefined {
  if (v === undefined || v === null) return undefined;
  const iso = isPlainObject(v) && v.__type === 'Date' ? v.iso : v;
  if (typeof iso === 'string' && CANONICAL_ISO.test(iso)) {
    const d = new Date(iso);
    const year = d.getUTCFullYear();
    if (year >= 1 && year <= 9999) return d;
  }
  return new Date(normalizeIso(iso, field));
}

/**
 * The stored form of an exported object's fields. Plain top-level fields (the whole of an export)
 * are validated one by one like applyBody does, without its copy of the object per field; keys
 * that are dotted, reserved or operations go through applyBody itself.
 */
function dataOf(body: Record<string, unknown>): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  let geoPoints = 0;
  for (const k of Object.keys(body)) {
    const v = body[k];
    if (k.startsWith('__') || !isValidKeyName(k) || isOp(v)) return applyBody({}, body).data;
    const stored = normalizeValue(v, k);
    if (isPlainObject(stored) && stored.__type === 'GeoPoint') geoPoints++;
    data[k] = stored;
  }
  // applyBody says which fields are GeoPoints when there are too many.
  return geoPoints > 1 ? applyBody({}, body).data : data;
}

function legacyHashOf(o: Record<string, unknown>, rounds: number): string | undefined {
  const { password, salt } = o;
  if (password === undefined || password === null || password === '') return undefined;
  if (typeof password !== 'string' || typeof salt !== 'string' || salt === '' || salt.includes('$')) {
    throw badRequest(
      LcCode.InvalidParameter,
      'An exported user password needs its "salt" (a string without "$") beside the hashed "password".',
    );
  }
  return encodeLegacyHash(salt, password, rounds);
}

/**
 * Turns an object as LeanCloud exports it (REST encoding, objectId/createdAt/updatedAt/ACL, and for
 * _User the hashed password with its salt and authData) into a row. Relation fields are kept as
 * their {__type: "Relation", className} marker; their members arrive separately.
 */
export function prepareObject(
  className: string,
  raw: unknown,
  now: Date,
  rounds = LEANCLOUD_REHASH_ROUNDS,
): PreparedObject {
  if (!isPlainObject(raw)) throw badRequest(LcCode.InvalidJson, 'Each object must be a JSON object.');
  const id = raw.objectId;
  if (typeof id !== 'string' || !OBJECT_ID.test(id))
    throw badRequest(LcCode.MissingObjectId, 'objectId must be 1 to 64 letters, digits, "_" or "-".');
  const createdAt = dateOf(raw.createdAt, 'createdAt') ?? now;
  const updatedAt = dateOf(raw.updatedAt, 'updatedAt') ?? createdAt;
  const acl: Acl | null = raw.ACL === undefined || raw.ACL === null ? null : parseAcl(raw.ACL);
  const body: Record<string, unknown> = {};
  const relations: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    if (NOT_DATA.has(k)) continue;
    if (isPlainObject(v) && v.__type === 'Relation') {
      if (typeof v.className !== 'string' || v.className === '')
        throw badRequest(LcCode.InvalidType, `The Relation in field '${k}' needs a className.`);
      relations[k] = { __type: 'Relation', className: v.className };
    } else body[k] = v;
  }
  if (className === '_User' && body.authData !== undefined && body.authData !== null) {
    body.authData = Object.fromEntries(
      Object.entries(normalizeAuthData(body.authData)).filter(([, e]) => e !== null),
    );
  }
  const data = { ...dataOf(body), ...relations };
  const passwordHash = className === '_User' ? legacyHashOf(raw, rounds) : undefined;
  return {
    row: { id, created_at: createdAt, updated_at: updatedAt, acl, data },
    dated: raw.updatedAt !== undefined && raw.updatedAt !== null,
    fields: Object.keys(data),
    passwordHash,
  };
}

export interface Failure {
  index: number;
  objectId?: string | undefined;
  code: number;
  error: string;
}

export function failureOf(index: number, raw: unknown, e: unknown): Failure {
  const objectId = isPlainObject(raw) && typeof raw.objectId === 'string' ? raw.objectId : undefined;
  if (e instanceof ApiError) return { index, objectId, code: e.code, error: e.message };
  throw e;
}
