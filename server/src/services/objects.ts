import type { Sql } from '@switchboard/shared/sql';
import { classNotFound, conditionNotMet, objectNotFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import { newObjectId } from '../lib/ids';
import type { ClassRegistry } from '../store/classes';
import { deleteObjectRow, insertObject, selectObject, updateObjectRow } from '../store/objects';
import type { Filter, ObjectRow } from '../store/objects';
import { applyRelationChanges, deleteOwnedRelations } from '../store/relations';
import { buildFilter, parseWhere } from './filter';
import { toApi } from './format';
import type { ApiObject } from './format';
import { guard } from './guard';
import { assertClassName } from './names';
import { newFieldTypes } from './schema';
import { applyBody } from './write';

/** Create, update and delete (Doc 1 Objects), each in one transaction with its relation changes. */
export class WriteService {
  constructor(
    private readonly classes: ClassRegistry,
    private readonly clock: Clock,
  ) {}

  /** Records new field types (throws 111 on a conflict with a known type). */
  private async recordFields(sql: Sql, className: string, data: Record<string, unknown>, changed: string[]) {
    const known = (await this.classes.fields(sql, className)) ?? {};
    const add = newFieldTypes(known, data, changed);
    if (Object.keys(add).length === 0) return;
    const merged = await this.classes.addFields(sql, className, add);
    // Another writer may have recorded one of these fields with another type meanwhile.
    newFieldTypes(merged, data, changed);
  }

  private async filterOf(
    sql: Sql,
    className: string,
    where: string | undefined,
  ): Promise<Filter | undefined> {
    return where ? buildFilter(sql, this.classes, className, parseWhere(where)) : undefined;
  }

  async create(
    sql: Sql,
    className: string,
    body: unknown,
    opts: { fetchWhenSave: boolean },
  ): Promise<ApiObject> {
    assertClassName(className, true);
    const { data, acl, changed, relations } = applyBody({}, body);
    await this.classes.ensure(sql, className);
    const now = this.clock.now();
    const row: ObjectRow = { id: newObjectId(now), created_at: now, updated_at: now, acl: acl ?? null, data };
    await guard(className, this.classes, () =>
      sql.transaction(async (tx) => {
        await this.recordFields(tx, className, data, changed);
        await insertObject(tx, className, row);
        await applyRelationChanges(tx, className, row.id, relations);
      }),
    );
    return opts.fetchWhenSave ? toApi(row) : { objectId: row.id, createdAt: now.toISOString() };
  }

  async update(
    sql: Sql,
    className: string,
    id: string,
    body: unknown,
    opts: { where?: string | undefined; fetchWhenSave: boolean },
  ): Promise<ApiObject> {
    assertClassName(className, true);
    if (!(await this.classes.exists(sql, className))) throw classNotFound();
    const filter = await this.filterOf(sql, className, opts.where);
    return guard(className, this.classes, () =>
      sql.transaction(async (tx) => {
        // The row lock makes read-modify-write atomic: concurrent increments never lose one.
        const current = await selectObject(tx, className, id, { filter, forUpdate: true });
        if (!current) {
          if (filter && (await selectObject(tx, className, id))) throw conditionNotMet();
          throw objectNotFound(className, id);
        }
        const { data, acl, changed, relations } = applyBody(current.data, body);
        await this.recordFields(tx, className, data, changed);
        const updatedAt = this.clock.now();
        await updateObjectRow(tx, className, {
          id,
          data,
          acl: acl === undefined ? current.acl : acl,
          updated_at: updatedAt,
        });
        await applyRelationChanges(tx, className, id, relations);
        const out: ApiObject = { updatedAt: updatedAt.toISOString(), objectId: id };
        if (opts.fetchWhenSave) for (const k of changed) if (k in data) out[k] = data[k];
        return out;
      }),
    );
  }

  /** Deletes one object (or several, comma-joined as the SDK's destroyAll sends them). */
  async delete(
    sql: Sql,
    className: string,
    ids: string[],
    opts: { where?: string | undefined },
  ): Promise<ApiObject> {
    assertClassName(className, true);
    if (!(await this.classes.exists(sql, className))) throw classNotFound();
    const filter = await this.filterOf(sql, className, opts.where);
    await guard(className, this.classes, () =>
      sql.transaction(async (tx) => {
        const gone: string[] = [];
        for (const id of ids) {
          if (await deleteObjectRow(tx, className, id, filter)) gone.push(id);
          else if (filter && (await selectObject(tx, className, id))) throw conditionNotMet();
        }
        await deleteOwnedRelations(tx, className, gone);
      }),
    );
    return {};
  }
}
