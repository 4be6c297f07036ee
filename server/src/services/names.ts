import { isBuiltinClass, isValidClassName, LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';

/** Doc 1: class names use letters, digits and underscore; developers cannot define "_" classes. */
export function assertClassName(name: string, writing: boolean): void {
  if (!isValidClassName(name)) {
    throw badRequest(
      LcCode.InvalidClassName,
      `Invalid class name '${name}'. Class names start with a letter; letters, digits and underscore are the only valid characters.`,
    );
  }
  if (writing && isBuiltinClass(name)) {
    throw badRequest(
      LcCode.OperationForbidden,
      `The built-in class ${name} is written through its own endpoints.`,
    );
  }
}
