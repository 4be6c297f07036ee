import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest, invalidJson } from '../../http/errors';
import type { ApiRequest } from '../../http/types';
import { tableFor } from '../../store/tables';
import { created } from '../class-api';
import { ObjectApi } from '../object-api';
import { wantsObject } from '../object-api';
import { parseInput } from '../../http/validate';
import { writeParamsSchema } from '@switchboard/shared';

const ROLE_NAME_RE = /^[A-Za-z0-9_]+$/;

/** Relation fields of _Role and the class their members must belong to. */
const MEMBER_CLASS: Record<string, string> = { users: '_User', roles: '_Role' };

function checkMembers(body: Record<string, unknown>): void {
  for (const [field, className] of Object.entries(MEMBER_CLASS)) {
    const v = body[field];
    if (v === undefined) continue;
    const ops = isPlainObject(v) && v.__op === 'Batch' && Array.isArray(v.ops) ? v.ops : [v];
    for (const op of ops) {
      if (!isPlainObject(op) || (op.__op !== 'AddRelation' && op.__op !== 'RemoveRelation'))
        throw badRequest(
          LcCode.InvalidRelation,
          `A role's ${field} change with AddRelation or RemoveRelation.`,
        );
      const objects = Array.isArray(op.objects) ? op.objects : [];
      if (objects.some((o) => !isPlainObject(o) || o.className !== className))
        throw badRequest(
          LcCode.InvalidRelation,
          `A role's ${field} relation holds ${className} pointers only.`,
        );
    }
  }
}

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !ROLE_NAME_RE.test(name)) {
    throw badRequest(
      LcCode.InvalidRoleName,
      'A role name is required and may contain only letters, digits and underscore.',
    );
  }
  return name;
}

async function nameTaken(sql: Sql, name: string): Promise<boolean> {
  return (await sql.query(`SELECT 1 FROM ${tableFor('_Role')} WHERE data->>'name' = $1`, [name])).length > 0;
}

/** Doc 1 Roles at /1.1/roles and /1.1/classes/_Role. */
export class RoleApi extends ObjectApi {
  constructor(deps: ConstructorParameters<typeof ObjectApi>[0]) {
    super(deps, '_Role', '/1.1/roles');
  }

  override async create(req: ApiRequest) {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    if (!isPlainObject(req.body)) throw invalidJson();
    await this.assertCreate(req.sql, await this.principal(req));
    const name = checkName(req.body.name);
    // Doc 1 Role: ACL "Required at creation".
    if (!isPlainObject(req.body.ACL)) throw badRequest(LcCode.InvalidAcl, 'Role ACL is required.');
    checkMembers(req.body);
    const body = req.body;
    return req.sql.transaction(async (tx) => {
      if (await nameTaken(tx, name))
        throw badRequest(LcCode.DuplicateValue, `A role named '${name}' already exists.`);
      const obj = await this.deps.writes.create(tx, '_Role', body, { fetchWhenSave: wantsObject(q) });
      this.deps.access.rolesChanged();
      return created(this, req, obj);
    });
  }

  override async update(req: ApiRequest, id: string) {
    if (!isPlainObject(req.body)) throw invalidJson();
    checkMembers(req.body);
    const body = { ...req.body };
    return super.update({ ...req, body }, id, {
      // Doc 1 Role: the name is set once and immutable.
      before: (_tx, current) => {
        if ('name' in body) {
          if (body.name !== current.data.name)
            throw badRequest(LcCode.InvalidRoleName, "A role's name is set at creation and cannot change.");
          delete body.name;
        }
        return Promise.resolve(body);
      },
      after: () => Promise.resolve(this.deps.access.rolesChanged()),
    });
  }

  override async delete(req: ApiRequest, ids: string[]) {
    return super.delete(req, ids, async (tx, gone) => {
      this.deps.access.rolesChanged();
      // A deleted role leaves the roles that contained it.
      for (const row of gone) {
        await tx.query("DELETE FROM lc_relations WHERE target_class = '_Role' AND target_id = $1", [row.id]);
      }
    });
  }
}
