import type { Sql } from '@switchboard/shared/sql';

/** What a route handler sees of a request, whether it came over HTTP or inside a batch. */
export interface AuthContext {
  /** The request was made with the master key. */
  master: boolean;
  /** X-LC-Session, when sent. */
  sessionToken: string | undefined;
}

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface ApiRequest {
  /** The database handle of this request: the pool, or a batch's transaction. */
  sql: Sql;
  method: ApiMethod;
  path: string;
  params: Record<string, string>;
  query: Record<string, string>;
  body: unknown;
  auth: AuthContext;
  /** The server's public URL (PUBLIC_URL or the listening address): the base of every link. */
  baseUrl: string;
  /** The client's name and version: X-LC-UA, which SDKs send from browsers, else User-Agent. */
  client?: string | undefined;
  /** X-LC-Prod, when sent (Doc 2 push: prod falls back to it). */
  prodHeader?: string | undefined;
  /** Set for the elements of a /1.1/batch request. */
  inBatch?: boolean;
  /**
   * The answer goes straight to the HTTP response: a handler may answer JSON text (RawJson)
   * instead of a value. Set by the transport only; code that dispatches a request in-process and
   * reads the answer leaves it unset.
   */
  toWire?: boolean;
  /** X-LC-IM-Session-Token: a realtime session's `st`, with which the IM SDK reads over REST. */
  imSessionToken?: string | undefined;
}

export interface ApiResponse {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: ApiRequest) => Promise<ApiResponse>;
