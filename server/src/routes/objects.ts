import { isBuiltinClass, LcCode } from '@switchboard/shared';
import { badRequest } from '../http/errors';
import type { ApiRouter } from '../http/router';
import type { ClassApi } from '../services/class-api';
import { ObjectApi } from '../services/object-api';
import type { ObjectApiDeps } from '../services/object-api';

/** A built-in class whose own endpoints do not exist yet: readable, not writable here. */
class ReadOnlyBuiltin extends ObjectApi {
  private refuse(): never {
    throw badRequest(
      LcCode.OperationForbidden,
      `The built-in class ${this.className} is written through its own endpoints.`,
    );
  }
  override create(): never {
    this.refuse();
  }
  override update(): never {
    this.refuse();
  }
  override delete(): never {
    this.refuse();
  }
}

/**
 * Doc 1 Objects: /1.1/classes/<className>[/<objectId>]. Built-in classes with rules of their own
 * (`builtins`, keyed by class name and by alias such as "files") answer here and at their paths.
 */
export function objectRoutes(
  router: ApiRouter,
  deps: ObjectApiDeps,
  builtins: Record<string, ClassApi>,
): void {
  const apiFor = (className: string): ClassApi =>
    // Own keys only: "__proto__" or "constructor" must not find Object.prototype's members.
    (Object.hasOwn(builtins, className) ? builtins[className] : undefined) ??
    (isBuiltinClass(className) ? new ReadOnlyBuiltin(deps, className) : new ObjectApi(deps, className));
  mountClass(router, '/1.1/classes/:className', (p) => apiFor(p.className ?? ''));
}

/** Registers collection and object routes under `base` for the API `pick` chooses. */
export function mountClass(
  router: ApiRouter,
  base: string,
  pick: (params: Record<string, string>) => ClassApi,
): void {
  router.on('POST', base, (req) => pick(req.params).create(req));
  router.on('GET', base, (req) => pick(req.params).query(req));
  router.on('GET', `${base}/:objectId`, (req) => pick(req.params).get(req, req.params.objectId ?? ''));
  router.on('PUT', `${base}/:objectId`, (req) => pick(req.params).update(req, req.params.objectId ?? ''));
  router.on('DELETE', `${base}/:objectId`, (req) =>
    // Several objects at once, comma-joined, as the SDK's destroyAll sends them.
    pick(req.params).delete(req, (req.params.objectId ?? '').split(',').filter(Boolean)),
  );
}
