import { createHash } from 'node:crypto';
import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, badRequest, invalidJson } from '../http/errors';
import type { ApiRequest } from '../http/types';
import { ObjectApi } from '../services/object-api';
import type { ObjectApiDeps } from '../services/object-api';
import type { WriteService } from '../services/objects';
import { tableFor } from '../store/tables';
import { CONVERSATION_CLASS, KIND_NAMES, kindOf, kindWhere } from './kinds';
import type { ConvKind } from './kinds';
import { clientIds } from './params';
import { parseInput } from '../http/validate';

export interface ConversationRow {
  id: string;
  data: Record<string, unknown>;
}

const MEMBERS_MAX = 100_000;
const membersSchema = clientIds('m', MEMBERS_MAX);

/** Fields only the members, mutes and kind rules may set. */
const FIXED_FIELDS: Record<ConvKind, string[]> = {
  conv: ['m', 'tr', 'sys', 'uniqueId'],
  room: ['m', 'tr', 'sys', 'uniqueId'],
  sys: ['m', 'tr', 'sys', 'uniqueId'],
};

/** "The same member set": order and repeats do not count. */
export function uniqueIdOf(m: string[]): string {
  const set = [...new Set(m)].sort();
  return createHash('sha1').update(JSON.stringify(set)).digest('hex');
}

const asObject = (body: unknown): Record<string, unknown> => {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidJson();
  return body as Record<string, unknown>;
};

/** The 404 for a conversation of `kind` that does not exist. */
export function notFound(kind: ConvKind | 'any', id: string): ApiError {
  return new ApiError(
    404,
    LcCode.ObjectNotFound,
    `No ${kind === 'any' ? 'conversation' : KIND_NAMES[kind]} with id ${JSON.stringify(id)}.`,
  );
}

/** Doc 3 conversations of every kind, as `_Conversation` objects written through Doc 1's rules. */
export class Conversations {
  readonly api: ObjectApi;
  constructor(private readonly deps: ObjectApiDeps & { writes: WriteService }) {
    this.api = new ObjectApi(deps, CONVERSATION_CLASS);
  }

  async find(sql: Sql, id: string): Promise<ConversationRow | undefined> {
    const [row] = await sql.query<ConversationRow>(
      `SELECT id, data FROM ${tableFor(CONVERSATION_CLASS)} WHERE id = $1`,
      [id],
    );
    return row;
  }

  /** The conversation `id` of `kind`, or a 404 naming it. */
  async require(sql: Sql, id: string, kind: ConvKind | 'any'): Promise<ConversationRow> {
    const row = await this.find(sql, id);
    if (!row || (kind !== 'any' && kindOf(row.data) !== kind)) throw notFound(kind, id);
    return row;
  }

  async create(req: ApiRequest, kind: ConvKind): Promise<Record<string, unknown>> {
    const body = { ...asObject(req.body) };
    for (const f of ['objectId', 'createdAt', 'updatedAt', 'uniqueId', 'tr', 'sys'])
      if (f in body && !(f === 'tr' && kind === 'room') && !(f === 'sys' && kind === 'sys'))
        throw badRequest(LcCode.InvalidParameter, `${f} is set by the server; leave it out of the body.`);
    const m = body.m === undefined ? [] : parseInput(membersSchema, body.m, 'body');
    if (kind !== 'conv' && body.m !== undefined)
      throw badRequest(LcCode.InvalidParameter, `A ${KIND_NAMES[kind]} has no member list (m).`);
    if (body.unique !== undefined && typeof body.unique !== 'boolean')
      throw badRequest(LcCode.InvalidParameter, 'unique must be true or false.');
    if (kind === 'room') body.tr = true;
    if (kind === 'sys') body.sys = true;
    if (kind === 'conv') body.m = [...new Set(m)];
    body.mu = [];
    if (kind !== 'conv' || body.unique !== true) return this.insert(req.sql, body);
    const uniqueId = uniqueIdOf(m);
    // One lock per member set: two creates of the same unique conversation never both insert.
    return req.sql.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`lc_im_unique:${uniqueId}`]);
      const [found] = await tx.query<ConversationRow & { created_at: Date; updated_at: Date }>(
        `SELECT id, data, created_at, updated_at FROM ${tableFor(CONVERSATION_CLASS)}
         WHERE data @> $1::jsonb ORDER BY created_at LIMIT 1`,
        [JSON.stringify({ uniqueId, unique: true })],
      );
      if (found)
        return {
          ...found.data,
          objectId: found.id,
          createdAt: found.created_at.toISOString(),
          updatedAt: found.updated_at.toISOString(),
        };
      return this.insert(tx, { ...body, uniqueId });
    });
  }

  private async insert(sql: Sql, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const made = await this.deps.writes.create(sql, CONVERSATION_CLASS, body, { fetchWhenSave: false });
    const createdAt = made.createdAt;
    return { ...body, objectId: made.objectId, createdAt, updatedAt: createdAt };
  }

  /** GET with skip, limit, where: the caller's where and the kind's, both. */
  async query(req: ApiRequest, kind: ConvKind | 'any') {
    let where: unknown = {};
    if (req.query.where !== undefined && req.query.where !== '') {
      try {
        where = JSON.parse(req.query.where);
      } catch {
        throw badRequest(LcCode.InvalidJson, 'where must be a JSON object (Doc 1 query language).');
      }
      if (where === null || typeof where !== 'object' || Array.isArray(where))
        throw badRequest(LcCode.InvalidJson, 'where must be a JSON object (Doc 1 query language).');
    }
    const combined = kind === 'any' ? where : { $and: [where, kindWhere(kind)] };
    return this.api.query({ ...req, query: { ...req.query, where: JSON.stringify(combined) } });
  }

  async update(req: ApiRequest, kind: ConvKind, id: string) {
    const body = asObject(req.body);
    for (const f of FIXED_FIELDS[kind])
      if (f in body)
        throw badRequest(
          LcCode.InvalidParameter,
          f === 'm'
            ? 'm cannot be changed here: use the members endpoints.'
            : `${f} cannot be changed on a ${KIND_NAMES[kind]}.`,
        );
    await this.require(req.sql, id, kind);
    const out = await this.api.update({ ...req, query: {} }, id);
    return { body: { updatedAt: (out.body as { updatedAt: string }).updatedAt, objectId: id } };
  }

  async delete(req: ApiRequest, kind: ConvKind, id: string) {
    await this.require(req.sql, id, kind);
    await req.sql.transaction(async (tx) => {
      await this.api.delete({ ...req, sql: tx, query: {} }, [id]);
      await tx.query('DELETE FROM lc_im_messages WHERE conv_id = $1', [id]);
      await tx.query('DELETE FROM lc_im_conv_state WHERE conv_id = $1', [id]);
      await tx.query('DELETE FROM lc_im_reads WHERE conv_id = $1', [id]);
      await tx.query('DELETE FROM lc_im_subscribers WHERE conv_id = $1', [id]);
    });
    return { body: {} };
  }

  /** Adds or removes client ids of `m` (members) or `mu` (muted). */
  async changeList(req: ApiRequest, id: string, field: 'm' | 'mu', op: 'AddUnique' | 'Remove') {
    const body = asObject(req.body);
    const ids = parseInput(
      clientIds('client_ids', 1000).min(1, 'client_ids needs at least one client id'),
      body.client_ids,
      'client_ids',
    );
    await this.require(req.sql, id, 'conv');
    return req.sql.transaction(async (tx) => {
      const out = await this.deps.writes.update(
        tx,
        CONVERSATION_CLASS,
        id,
        { [field]: { __op: op, objects: ids } },
        { fetchWhenSave: false, access: await this.deps.access.of(tx, req.auth) },
      );
      if (field === 'm' && op === 'AddUnique') {
        // New members have read nothing yet of what comes next, and none of what came before.
        await tx.query(
          `INSERT INTO lc_im_reads (conv_id, client_id, seen)
           SELECT $1, c, COALESCE((SELECT msg_count FROM lc_im_conv_state WHERE conv_id = $1), 0)
           FROM unnest($2::text[]) AS c
           ON CONFLICT (client_id, conv_id) DO NOTHING`,
          [id, ids],
        );
      }
      if (field === 'm' && op === 'Remove') {
        // A role belongs to a member: who leaves (removed, quit, blocked) loses it, and joining
        // again starts as a plain member.
        await tx.query(`DELETE FROM lc_im_member_roles WHERE conv_id = $1 AND client_id = ANY($2::text[])`, [
          id,
          ids,
        ]);
      }
      return { body: { updatedAt: out.updatedAt, objectId: id } };
    });
  }

  async list(req: ApiRequest, id: string, field: 'm' | 'mu') {
    const row = await this.require(req.sql, id, 'conv');
    const v = row.data[field];
    return { body: { result: Array.isArray(v) ? v : [] } };
  }
}
