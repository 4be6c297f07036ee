import { z } from 'zod';
import { consoleErrorSchema, CSRF_HEADER, lcErrorSchema, REQUEST_ID_HEADER } from '@switchboard/shared';
import type { HttpMethod, RouteDef } from '@switchboard/shared';
import { codeForStatus, ConsoleApiError } from './error';

export type QueryValue = string | number | boolean | undefined;

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** The contract's response schema; the response is parsed with it. */
  schema: z.ZodType<T>;
  signal?: AbortSignal | undefined;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** By name: the DOMException may come from another realm (a frame, a test environment). */
function isAbort(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  // Every console API answer is a JSON object; an empty body (e.g. 204) is the empty object.
  if (text.trim() === '') return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

function errorFromResponse(
  res: Response,
  body: { ok: true; value: unknown } | { ok: false },
): ConsoleApiError {
  const headerRequestId = res.headers.get(REQUEST_ID_HEADER) ?? undefined;
  if (body.ok) {
    const consoleError = consoleErrorSchema.safeParse(body.value);
    if (consoleError.success) {
      const { code, message, details, requestId } = consoleError.data;
      return new ConsoleApiError({ code, message, details, requestId, status: res.status });
    }
    // An upstream {code, error} body that was passed through rather than wrapped.
    const upstreamError = lcErrorSchema.safeParse(body.value);
    if (upstreamError.success) {
      return new ConsoleApiError({
        code: res.status >= 500 ? 'upstream_error' : codeForStatus(res.status),
        message: upstreamError.data.error,
        details: { upstreamCode: upstreamError.data.code },
        requestId: headerRequestId,
        status: res.status,
      });
    }
  }
  const statusText = res.statusText ? ` ${res.statusText}` : '';
  return new ConsoleApiError({
    code: codeForStatus(res.status),
    message: `HTTP ${res.status}${statusText}`,
    requestId: headerRequestId,
    status: res.status,
  });
}

/**
 * The one way the web app talks to the console API: JSON in and out, the session cookie, the CSRF
 * header on every mutation, and every failure turned into a ConsoleApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers[CSRF_HEADER] = '1';

  let res: Response;
  let text: string;
  try {
    res = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined ? null : JSON.stringify(options.body),
      signal: options.signal ?? null,
    });
    text = await res.text();
  } catch (error) {
    // TanStack Query cancels through the signal; an abort is not a failure to report.
    if (isAbort(error)) throw error;
    throw new ConsoleApiError({
      code: 'network_error',
      message: error instanceof Error ? error.message : String(error),
      status: 0,
      cause: error,
    });
  }

  const body = parseJson(text);
  if (!res.ok) throw errorFromResponse(res, body);
  if (!body.ok) {
    throw new ConsoleApiError({
      code: 'bad_response',
      message: `Expected JSON from ${method} ${path}, got ${res.headers.get('content-type') ?? 'no content type'}`,
      status: res.status,
      requestId: res.headers.get(REQUEST_ID_HEADER) ?? undefined,
    });
  }
  const parsed = options.schema.safeParse(body.value);
  if (!parsed.success) {
    throw new ConsoleApiError({
      code: 'bad_response',
      message: `The response to ${method} ${path} does not match the contract: ${z.prettifyError(parsed.error)}`,
      details: parsed.error.issues,
      status: res.status,
      requestId: res.headers.get(REQUEST_ID_HEADER) ?? undefined,
    });
  }
  return parsed.data;
}

/** Call one of the BFF's own routes as the shared contract declares it. */
export function callRoute<B extends z.ZodType, R extends z.ZodType>(
  route: RouteDef<B, R>,
  body?: z.input<B>,
): Promise<z.output<R>> {
  return apiRequest(route.path, {
    method: route.method,
    body: route.method === 'GET' ? undefined : body,
    schema: route.response as z.ZodType<z.output<R>>,
  });
}
