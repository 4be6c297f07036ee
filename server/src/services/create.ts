import type { Acl } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError } from '../http/errors';
import type { Clock } from '../lib/clock';
import { newObjectId } from '../lib/ids';
import type { ClassFields, ClassRegistry } from '../store/classes';
import { insertObjects } from '../store/objects';
import type { ObjectRow } from '../store/objects';
import { applyRelationChanges } from '../store/relations';
import { attempt, withCleanup } from './attempt';
import { toApi } from './format';
import type { ApiObject } from './format';
import { guard } from './guard';
import { assertClassName } from './names';
import { newFieldTypes } from './schema';
import { applyBody } from './write';
import type { WriteResult } from './write';
import type { Principal } from './access';
import type { ClassPolicy } from './class-policy';
import { hiddenColumns } from './class-policy';
import { applyColumnOptions, classDefaultAcl } from './column-options';

export interface CreateOptions {
  fetchWhenSave: boolean;
  /** The ACL of an object created without one (a class default); none means public. */
  defaultAcl?: ((id: string) => Acl) | undefined;
  /** The client creating: class permissions apply to it. None: the server itself creates. */
  access?: Principal | undefined;
}

export interface CreateDeps {
  classes: ClassRegistry;
  clock: Clock;
  onWrite: (className: string, n: number) => void;
  policy?: ClassPolicy | undefined;
}

/** The class's `create` permission, then each body's fields (read-only, add_fields): per body. */
async function checkClient(
  deps: CreateDeps,
  sql: Sql,
  className: string,
  prepared: (WriteResult | ApiError)[],
  access: Principal | undefined,
): Promise<(WriteResult | ApiError)[]> {
  const { policy } = deps;
  if (!policy || !access || access.master) return prepared;
  await policy.assert(sql, access, className, 'create');
  const out: (WriteResult | ApiError)[] = [];
  for (const w of prepared) {
    if (w instanceof ApiError) out.push(w);
    else
      out.push(
        await policy.assertWrite(sql, access, className, w.changed).then(
          () => w,
          (e: unknown) => (e instanceof ApiError ? e : Promise.reject(e as Error)),
        ),
      );
  }
  return out;
}

/** Column defaults, auto-increment values and required fields, each body on its own. */
async function withColumnOptions(
  tx: Sql,
  className: string,
  fields: ClassFields | undefined,
  prepared: (WriteResult | ApiError)[],
): Promise<(WriteResult | ApiError)[]> {
  const out: (WriteResult | ApiError)[] = [];
  for (const w of prepared) {
    if (w instanceof ApiError) out.push(w);
    else
      out.push(
        await applyColumnOptions(tx, className, fields, w).catch((e: unknown) =>
          e instanceof ApiError ? e : Promise.reject(e as Error),
        ),
      );
  }
  return out;
}

/** Checks and records the field types of several new objects; a conflict fails that object only. */
async function recordFieldsOfMany(
  sql: Sql,
  classes: ClassRegistry,
  className: string,
  prepared: (WriteResult | ApiError)[],
): Promise<(WriteResult | ApiError)[]> {
  const known = (await classes.fields(sql, className)) ?? {};
  const seen: ClassFields = { ...known };
  const out = prepared.map((w) =>
    w instanceof ApiError
      ? w
      : attempt(() => (Object.assign(seen, newFieldTypes(seen, w.data, w.changed)), w)),
  );
  const add = Object.fromEntries(Object.entries(seen).filter(([k]) => !(k in known)));
  if (Object.keys(add).length === 0) return out;
  const merged = await classes.addFields(sql, className, add);
  // Another writer may have recorded one of these fields with another type meanwhile.
  return out.map((w) =>
    w instanceof ApiError ? w : attempt(() => (newFieldTypes(merged, w.data, w.changed), w)),
  );
}

/**
 * Creates objects of one class with one INSERT. Each body is validated on its own, so a bad one
 * fails alone (its slot holds the error); a database error fails the whole call, and a batch then
 * retries the bodies one by one.
 */
export async function createObjects(
  deps: CreateDeps,
  sql: Sql,
  className: string,
  bodies: unknown[],
  opts: CreateOptions,
): Promise<(ApiObject | ApiError)[]> {
  const { classes, clock } = deps;
  assertClassName(className, false);
  const parsed = bodies.map((b) => attempt(() => applyBody({}, b)));
  const prepared = await checkClient(deps, sql, className, parsed, opts.access);
  await classes.ensure(sql, className);
  const run = () =>
    sql.transaction(async (tx) => {
      const results: (ApiObject | ApiError)[] = [];
      const rows: { row: ObjectRow; relations: WriteResult['relations'] }[] = [];
      const columns = await classes.fields(tx, className);
      const classAcl = classDefaultAcl(columns);
      const hidden = opts.access && !opts.access.master ? hiddenColumns(columns) : [];
      const completed = await withColumnOptions(tx, className, columns, prepared);
      for (const w of await recordFieldsOfMany(tx, classes, className, completed)) {
        if (w instanceof ApiError) {
          results.push(w);
          continue;
        }
        const now = clock.now();
        const id = newObjectId(now);
        const row: ObjectRow = {
          id,
          created_at: now,
          updated_at: now,
          acl: w.acl ?? opts.defaultAcl?.(id) ?? classAcl ?? null,
          data: w.data,
        };
        rows.push({ row, relations: w.relations });
        const out = opts.fetchWhenSave ? toApi(row) : { objectId: row.id, createdAt: now.toISOString() };
        for (const f of hidden) delete out[f];
        results.push(out);
      }
      await insertObjects(
        tx,
        className,
        rows.map((r) => r.row),
      );
      for (const r of rows) await applyRelationChanges(tx, className, r.row.id, r.relations);
      deps.onWrite(className, rows.length);
      return results;
    });
  // Field types recorded in a rolled-back transaction must not stay in the registry's memory.
  return withCleanup(
    () => guard(className, classes, run),
    () => classes.forget(className),
  );
}
