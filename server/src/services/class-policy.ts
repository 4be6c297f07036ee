import type { ClassOperation, ClassPermission, ClassPermissions } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { forbidden } from '../http/errors';
import type { ClassFields, ClassRegistry } from '../store/classes';
import type { ClassPermissionStore } from '../store/class-permissions';
import type { Principal } from './access';
import { clientReadOnly } from './column-options';
import type { ApiObject } from './format';
import type { SettingsService } from './settings';

/** LeanCloud's words for each operation in "Forbidden to <verb> by class '<name>' permissions." */
const VERB: Record<ClassOperation, string> = {
  create: 'create',
  find: 'find',
  get: 'get',
  update: 'update',
  delete: 'delete',
  add_fields: 'add fields',
};

export const classPermissionForbidden = (className: string, op: ClassOperation) =>
  forbidden(`Forbidden to ${VERB[op]} by class '${className}' permissions.`);

/**
 * Whether one operation's permission admits the principal. No permission set is everyone's, as a
 * class LeanCloud created had `{"*": true}` for every operation. The role names in the principal's
 * keys include inherited roles (access.ts), so a grant to a role reaches its sub-roles' members.
 */
export function permissionAllows(perm: ClassPermission | undefined, who: Principal): boolean {
  if (who.master || !perm || perm['*']) return true;
  if (perm.onlySignInUsers) return who.userId !== undefined;
  if (who.userId !== undefined && perm.users?.includes(who.userId)) return true;
  return perm.roles?.some((r) => who.keys.includes(`role:${r}`)) ?? false;
}

/** The fields of a class marked invisible to clients. */
export const hiddenColumns = (fields: ClassFields | undefined): string[] =>
  Object.entries(fields ?? {})
    .filter(([, f]) => (f as { hidden?: boolean }).hidden === true)
    .map(([name]) => name);

/**
 * Class permissions and the client-facing column options (hidden, read-only): checked before any
 * ACL, on every path (direct, batch, include, sub-queries, CQL, which is dispatched as a query).
 * The master key passes all of them.
 */
export class ClassPolicy {
  constructor(
    private readonly classes: ClassRegistry,
    readonly permissions: ClassPermissionStore,
    private readonly settings: SettingsService,
  ) {}

  async allows(sql: Sql, who: Principal, className: string, op: ClassOperation): Promise<boolean> {
    if (who.master) return true;
    const perms: ClassPermissions = await this.permissions.get(sql, className);
    return permissionAllows(perms[op], who);
  }

  async assert(sql: Sql, who: Principal, className: string, op: ClassOperation): Promise<void> {
    if (!(await this.allows(sql, who, className, op))) throw classPermissionForbidden(className, op);
  }

  /** Invisible fields the principal may not see (none for the master key). */
  async hiddenFor(sql: Sql, who: Principal, className: string): Promise<string[]> {
    if (who.master) return [];
    return hiddenColumns(await this.classes.fields(sql, className));
  }

  /** Removes invisible fields from objects about to be answered. */
  async strip(sql: Sql, who: Principal, className: string, objects: ApiObject[]): Promise<void> {
    const hidden = await this.hiddenFor(sql, who, className);
    if (hidden.length === 0) return;
    for (const o of objects) for (const f of hidden) delete o[f];
  }

  /**
   * A client write's fields: read-only ones are refused, and fields the class does not have yet
   * need `add_fields` (and a class that does not exist needs the app to let clients create
   * classes). The caller checks `create` or `update` itself.
   */
  async assertWrite(sql: Sql, who: Principal, className: string, changed: string[]): Promise<void> {
    if (who.master) return;
    const fields = await this.classes.fields(sql, className);
    if (!fields) {
      if (!(await this.settings.get(sql)).clientClassCreation)
        throw forbidden(`Forbidden to create class '${className}' from a client: only the master key may.`);
      return;
    }
    const readOnly = clientReadOnly(fields);
    for (const f of changed)
      if (readOnly.has(f))
        throw forbidden(`Forbidden to write the read-only field '${f}' of class '${className}'.`);
    const added = changed.filter((f) => !(f in fields) && !BUILTIN.has(f));
    if (added.length > 0) await this.assert(sql, who, className, 'add_fields');
  }
}

const BUILTIN = new Set(['objectId', 'createdAt', 'updatedAt', 'ACL']);
