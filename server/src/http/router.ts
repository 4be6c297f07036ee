import FindMyWay from 'find-my-way';
import { LcCode } from '@switchboard/shared';
import { ApiError } from './errors';
import { BODY_LIMIT } from './transport';
import type { ApiMethod, ApiRequest, ApiResponse, Handler } from './types';

/**
 * The API's own route table. HTTP requests, method-overridden POSTs and batch elements all go
 * through `dispatch`, so each reaches exactly the same handler.
 */
export class ApiRouter {
  // find-my-way refuses a parameter over 100 characters by default; the SDK's destroyAll joins a
  // whole page of ids into one (DELETE /1.1/classes/<class>/<id>,<id>,...). Any path that can
  // reach the router, a batch element's up to the body limit, must route.
  private readonly fmw = FindMyWay({
    ignoreTrailingSlash: true,
    caseSensitive: true,
    maxParamLength: BODY_LIMIT,
  });
  private readonly handlers = new Map<string, Handler>();

  on(method: ApiMethod, path: string, handler: Handler): this {
    const key = `${method} ${path}`;
    this.handlers.set(key, handler);
    this.fmw.on(method, path, () => undefined, { key });
    return this;
  }

  async dispatch(req: Omit<ApiRequest, 'params'>): Promise<ApiResponse> {
    const found = this.fmw.find(req.method, req.path);
    if (!found) {
      throw new ApiError(404, LcCode.NotFound, `No such API: ${req.method} ${req.path}.`);
    }
    const key = (found.store as { key: string }).key;
    const handler = this.handlers.get(key);
    if (!handler) throw new Error(`route ${key} has no handler`);
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(found.params)) if (v !== undefined) params[k] = v;
    return handler({ ...req, params });
  }
}
