import { LcCode } from '@switchboard/shared';
import type { Acl } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest } from '../http/errors';
import type { ClassFields } from '../store/classes';
import { nextCounterValue } from '../store/class-permissions';
import type { WriteResult } from './write';

/** A stored field with the column options LeanCloud kept beside its type. */
interface Column {
  type: string;
  hidden?: boolean;
  read_only?: boolean;
  required?: boolean;
  default?: unknown;
  auto_increment?: boolean;
}

const columns = (fields: ClassFields | undefined) => Object.entries(fields ?? {}) as [string, Column][];

/** The class's default ACL (its ACL column's default), for objects created without one. */
export function classDefaultAcl(fields: ClassFields | undefined): Acl | undefined {
  const acl = (fields?.ACL as Column | undefined)?.default;
  return acl && typeof acl === 'object' ? (acl as Acl) : undefined;
}

/** Fields clients may not write: read-only ones and auto-increment counters. */
export const clientReadOnly = (fields: ClassFields | undefined): Set<string> =>
  new Set(
    columns(fields)
      .filter(([, c]) => c.read_only === true || c.auto_increment === true)
      .map(([n]) => n),
  );

const missing = (v: unknown) => v === undefined || v === null;

/**
 * A new object's column options, in the creating transaction: defaults for what it lacks, the
 * required check (a default satisfies it), then the next counter value for auto-increment fields
 * it lacks. Returns the write with the added fields listed as changed.
 */
export async function applyColumnOptions(
  tx: Sql,
  className: string,
  fields: ClassFields | undefined,
  w: WriteResult,
): Promise<WriteResult> {
  const data = { ...w.data };
  const changed = [...w.changed];
  const cols = columns(fields).filter(([name]) => name !== 'ACL');
  for (const [name, c] of cols) {
    if (!missing(data[name]) || c.default === undefined || c.auto_increment) continue;
    data[name] = structuredClone(c.default);
    changed.push(name);
  }
  for (const [name, c] of cols)
    if (c.required && !c.auto_increment && missing(data[name]))
      throw badRequest(
        LcCode.InvalidParameter,
        `The field '${name}' of class '${className}' is required; the object does not have it.`,
      );
  // Last, so a refused object takes no value from the counter.
  for (const [name, c] of cols) {
    if (!missing(data[name]) || !c.auto_increment || c.type !== 'Number') continue;
    data[name] = await nextCounterValue(tx, className, name);
    changed.push(name);
  }
  return { ...w, data, changed };
}

/**
 * An update may not take a required field away (an `__op: Delete` or a null), as a create may not
 * leave it out. Only the fields the update changes are checked: an object stored before the field
 * became required still takes updates of its other fields.
 */
export function assertRequiredKept(
  className: string,
  fields: ClassFields | undefined,
  data: Record<string, unknown>,
  changed: string[],
): void {
  const cols = fields as Record<string, Column> | undefined;
  for (const name of changed) {
    const c = cols?.[name];
    if (c?.required && !c.auto_increment && missing(data[name]))
      throw badRequest(
        LcCode.InvalidParameter,
        `The field '${name}' of class '${className}' is required; it cannot be removed or set to null.`,
      );
  }
}
