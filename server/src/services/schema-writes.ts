import { createClassBodySchema, isBuiltinClass, LcCode, updateClassBodySchema } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { badRequest, classNotFound } from '../http/errors';
import { parseInput } from '../http/validate';
import type { ClassFields, ClassRegistry } from '../store/classes';
import { dropFieldData } from '../store/schema-data';
import { assertClassName } from './names';
import { BUILTIN_FIELDS } from './schema';
import { fieldFromDefinition, planFieldChanges } from './schema-fields';
import { aclColumn, isAclColumn, withColumnOptions } from './schema-options';
import type { ClassPermissionStore } from '../store/class-permissions';
import type { ClassPermissions } from '@switchboard/shared';

/** What a schema write answers (Parse Server's shape, LeanCloud's permissions): the class and all its fields. */
const described = (className: string, fields: ClassFields, permissions: ClassPermissions) => ({
  className,
  fields: { ...BUILTIN_FIELDS, ...fields },
  permissions,
});

function assertBodyNames(className: string, body: { className?: string | undefined }): void {
  if (body.className !== undefined && body.className !== className) {
    throw badRequest(
      LcCode.InvalidClassName,
      `The class name in the body (${body.className}) does not match the one in the path (${className}).`,
    );
  }
}

/** Creating, changing and deleting classes (master key; Switchboard's addition to Doc 1). */
export class SchemaWriter {
  constructor(
    private readonly classes: ClassRegistry,
    private readonly permissions: ClassPermissionStore,
  ) {}

  async createClass(sql: Sql, className: string, input: unknown) {
    assertClassName(className, false);
    const body = parseInput(createClassBodySchema, input ?? {}, 'class definition');
    assertBodyNames(className, body);
    if (className.startsWith('_')) {
      const exists = await this.classes.exists(sql, className);
      throw badRequest(
        exists ? LcCode.InvalidClassName : LcCode.OperationForbidden,
        exists
          ? `The class ${className} already exists.`
          : `${className} is a built-in class name; the server creates built-in classes itself.`,
      );
    }
    const fields: ClassFields = {};
    for (const [name, def] of Object.entries(body.fields ?? {}))
      fields[name] = isAclColumn(name, def)
        ? aclColumn(def.default)
        : withColumnOptions(name, fieldFromDefinition(name, def), def);
    const created = await this.classes.create(sql, className, fields);
    const permissions = await this.permissions.set(sql, className, body.permissions ?? {});
    return described(className, created, permissions);
  }

  async updateClass(sql: Sql, className: string, input: unknown) {
    assertClassName(className, false);
    const body = parseInput(updateClassBodySchema, input, 'schema change');
    assertBodyNames(className, body);
    const fields = await this.classes.edit(sql, className, async (tx, current) => {
      const plan = planFieldChanges(className, current, body.fields ?? {});
      for (const field of plan.deleted) await dropFieldData(tx, className, field);
      return plan.fields;
    });
    const permissions = body.permissions
      ? await this.permissions.set(sql, className, body.permissions)
      : await this.permissions.get(sql, className);
    return described(className, fields, permissions);
  }

  async deleteClass(sql: Sql, className: string): Promise<void> {
    assertClassName(className, false);
    if (isBuiltinClass(className) || className.startsWith('_')) {
      throw badRequest(
        LcCode.OperationForbidden,
        `${className} is a built-in class; built-in classes cannot be deleted.`,
      );
    }
    this.permissions.forget(className);
    if (!(await this.classes.drop(sql, className))) throw classNotFound();
  }
}
