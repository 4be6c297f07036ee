/** What a route handler sees of a request, whether it came over HTTP or inside a batch. */
export interface AuthContext {
  /** The request was made with the master key. */
  master: boolean;
  /** X-LC-Session, when sent. */
  sessionToken: string | undefined;
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  method: ApiMethod;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  auth: AuthContext;
  /** Scheme and host the client used, for Location headers. */
  baseUrl: string;
}

export interface ApiResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: ApiRequest) => Promise<ApiResponse>;
