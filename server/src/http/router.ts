import FindMyWay from 'find-my-way';
import { LcCode } from '@switchboard/shared';
import { ApiError } from './errors';
import type { ApiMethod, ApiRequest, ApiResponse, Handler } from './types';

/**
 * The API's own route table. HTTP requests, method-overridden POSTs and batch elements all go
 * through `dispatch`, so each reaches exactly the same handler.
 */
export class ApiRouter {
  private readonly fmw = FindMyWay({ ignoreTrailingSlash: true, caseSensitive: true });
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
