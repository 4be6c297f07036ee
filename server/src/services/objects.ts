import { isPlainObject } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, classNotFound, conditionNotMet, objectNotFound } from '../http/errors';
import type { Clock } from '../lib/clock';
import type { ClassRegistry } from '../store/classes';
import { deleteObjectRow, selectObject, updateObjectRow } from '../store/objects';
import type { Filter, ObjectRow } from '../store/objects';
import { aclAllows, aclForbidden } from './acl';
import { aclKeys } from './access';
import type { Principal } from './access';
import { applyRelationChanges, deleteOwnedRelations } from '../store/relations';
import { withCleanup } from './attempt';
import { createObjects } from './create';
import type { CreateOptions } from './create';
import { buildFilter, parseWhere } from './filter';
import type { ApiObject } from './format';
import { guard } from './guard';
import { assertClassName } from './names';
import type { ReadPolicy } from './read-policy';
import { newFieldTypes } from './schema';
import { applyBody } from './write';
import type { ClassPolicy } from './class-policy';
import { hiddenColumns } from './class-policy';
import { assertRequiredKept } from './column-options';

/** Steps a built-in class adds to an update, inside its transaction. */
export interface UpdateHooks {
  /** Runs with the row locked and writable; returns the body to apply. */
  before?(tx: Sql, current: ObjectRow): Promise<unknown>;
  /** Runs after the row is written. */
  after?(tx: Sql, row: { id: string; data: Record<string, unknown> }): Promise<void>;
}

/** Create, update and delete (Doc 1 Objects), each in one transaction with its relation changes. */
export class WriteService {
  constructor(
    private readonly classes: ClassRegistry,
    private readonly clock: Clock,
    /** A conditional write's where reads other classes as a query does. */
    private readonly policy: ReadPolicy,
    /** Told how many rows each write changed (maintenance counts them); IM sends tell it too. */
    readonly onWrite: (className: string, n: number) => void = () => undefined,
    /** Class permissions and column options (class-policy.ts); none in tools that write as the server. */
    readonly classPolicy?: ClassPolicy,
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
    access: Principal,
  ): Promise<Filter | undefined> {
    if (!where) return undefined;
    const parsed = parseWhere(where);
    await this.policy.assertWhere(sql, access, className, parsed);
    return buildFilter(sql, this.classes, className, parsed, aclKeys(access));
  }

  /**
   * Locks the object for writing and checks, in this order: it exists, the ACL lets the
   * principal write it (Doc 1 ACL), and the conditional `where` holds (305).
   */
  private async lockWritable(
    tx: Sql,
    className: string,
    id: string,
    access: Principal,
    filter: Filter | undefined,
  ): Promise<ObjectRow | undefined> {
    const current = await selectObject(tx, className, id, { forUpdate: true });
    if (!current) return undefined;
    if (!aclAllows(current.acl, access, 'write')) throw aclForbidden(id);
    if (filter && !(await selectObject(tx, className, id, { filter }))) throw conditionNotMet();
    return current;
  }

  async create(sql: Sql, className: string, body: unknown, opts: CreateOptions): Promise<ApiObject> {
    const [result] = await this.createMany(sql, className, [body], opts);
    if (result instanceof ApiError) throw result;
    if (!result) throw new Error('createMany returned nothing');
    return result;
  }

  createMany(sql: Sql, className: string, bodies: unknown[], opts: CreateOptions) {
    return createObjects(
      { classes: this.classes, clock: this.clock, onWrite: this.onWrite, policy: this.classPolicy },
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
    opts: { where?: string | undefined; fetchWhenSave: boolean; access: Principal; hooks?: UpdateHooks },
  ): Promise<ApiObject> {
    assertClassName(className, false);
    if (!(await this.classes.exists(sql, className))) throw classNotFound();
    await this.classPolicy?.assert(sql, opts.access, className, 'update');
    // The fields the client sent; a built-in class's hook may add its own (a password's hash).
    const sent = isPlainObject(body) ? Object.keys(body).map((k) => k.split('.')[0] ?? k) : [];
    await this.classPolicy?.assertWrite(sql, opts.access, className, sent);
    const filter = await this.filterOf(sql, className, opts.where, opts.access);
    const run = () =>
      sql.transaction(async (tx) => {
        // The row lock makes read-modify-write atomic: concurrent increments never lose one.
        const current = await this.lockWritable(tx, className, id, opts.access, filter);
        if (!current) throw objectNotFound(className, id);
        const input = opts.hooks?.before ? await opts.hooks.before(tx, current) : body;
        const { data, acl, changed, relations } = applyBody(current.data, input);
        assertRequiredKept(className, await this.classes.fields(tx, className), data, changed);
        await this.recordFields(tx, className, data, changed);
        const updatedAt = this.clock.now();
        await updateObjectRow(tx, className, {
          id,
          data,
          acl: acl === undefined ? current.acl : acl,
          updated_at: updatedAt,
        });
        await applyRelationChanges(tx, className, id, relations);
        await opts.hooks?.after?.(tx, { id, data });
        this.onWrite(className, 1);
        const out: ApiObject = { updatedAt: updatedAt.toISOString(), objectId: id };
        if (opts.fetchWhenSave) for (const k of changed) if (k in data) out[k] = data[k];
        if (!opts.access.master)
          for (const f of hiddenColumns(await this.classes.fields(tx, className))) delete out[f];
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
    opts: {
      where?: string | undefined;
      access: Principal;
      after?: (tx: Sql, gone: ObjectRow[]) => Promise<void>;
    },
  ): Promise<ApiObject> {
    assertClassName(className, false);
    if (!(await this.classes.exists(sql, className))) throw classNotFound();
    await this.classPolicy?.assert(sql, opts.access, className, 'delete');
    const filter = await this.filterOf(sql, className, opts.where, opts.access);
    await guard(className, this.classes, () =>
      sql.transaction(async (tx) => {
        const gone: ObjectRow[] = [];
        for (const id of ids) {
          const row = await this.lockWritable(tx, className, id, opts.access, filter);
          // Deleting what is not there succeeds, as on LeanCloud.
          if (row && (await deleteObjectRow(tx, className, id))) gone.push(row);
        }
        await deleteOwnedRelations(
          tx,
          className,
          gone.map((r) => r.id),
        );
        await opts.after?.(tx, gone);
        this.onWrite(className, gone.length);
      }),
    );
    return {};
  }
}
