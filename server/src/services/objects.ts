import type { Sql } from '@switchboard/shared/sql';
import { ApiError, classNotFound, conditionNotMet, objectNotFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { ClassRegistry } from '../store/classes';
import { deleteObjectRow, selectObject, updateObjectRow } from '../store/objects';
import type { Filter } from '../store/objects';
import { applyRelationChanges, deleteOwnedRelations } from '../store/relations';
import { withCleanup } from './attempt';
import { createObjects } from './create';
import { buildFilter, parseWhere } from './filter';
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
    /** Told how many rows each write changed (PGlite's maintenance counts them). */
    private readonly onWrite: (className: string, n: number) => void = () => undefined,
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
    const [result] = await this.createMany(sql, className, [body], opts);
    if (result instanceof ApiError) throw result;
    if (!result) throw new Error('createMany returned nothing');
    return result;
  }

  createMany(sql: Sql, className: string, bodies: unknown[], opts: { fetchWhenSave: boolean }) {
    return createObjects(
      { classes: this.classes, clock: this.clock, onWrite: this.onWrite },
      sql,
      className,
      bodies,
      opts,
    );
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
    const run = () =>
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
        this.onWrite(className, 1);
        const out: ApiObject = { updatedAt: updatedAt.toISOString(), objectId: id };
        if (opts.fetchWhenSave) for (const k of changed) if (k in data) out[k] = data[k];
        return out;
      });
    // Field types recorded in a rolled-back transaction must not stay in the registry's memory.
    return withCleanup(
      () => guard(className, this.classes, run),
      () => this.classes.forget(className),
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
        this.onWrite(className, gone.length);
      }),
    );
    return {};
  }
}
