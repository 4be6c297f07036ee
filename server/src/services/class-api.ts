import type { ApiRequest, ApiResponse } from '../http/types';

/**
 * The five object operations of one class, as the routes call them. Ordinary classes share one
 * implementation; _User, _Role and _File add their rules, and every path that reaches a class
 * (/1.1/classes/_User and /1.1/users, a batch element, the method override) gets the same ones.
 */
export interface ClassApi {
  /** Where objects of the class live, for Location headers: "/1.1/users", "/1.1/classes/Post". */
  readonly path: string;
  create(req: ApiRequest): Promise<ApiResponse>;
  query(req: ApiRequest): Promise<ApiResponse>;
  get(req: ApiRequest, id: string): Promise<ApiResponse>;
  update(req: ApiRequest, id: string): Promise<ApiResponse>;
  delete(req: ApiRequest, ids: string[]): Promise<ApiResponse>;
}

export const created = (api: ClassApi, req: ApiRequest, body: Record<string, unknown>): ApiResponse => ({
  status: 201,
  body,
  headers: { Location: `${req.baseUrl}${api.path}/${String(body.objectId)}` },
});
