import { vi } from 'vitest';

export interface StubRequest {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

export type StubHandler = (req: StubRequest) => Response | Promise<Response>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });
}

export function consoleError(
  status: number,
  code: string,
  message: string,
  requestId = 'req-test',
): Response {
  return json(status, { code, message, requestId });
}

/**
 * Replace fetch, the browser's network edge, with handlers keyed "METHOD /path" (no query).
 * A request nobody expected fails the test loudly instead of hanging.
 */
export function stubFetch(handlers: Record<string, StubHandler>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, 'http://console.test');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const req: StubRequest = { method, url, headers: new Headers(init.headers), body };
    calls.push(req);
    const handler = handlers[`${method} ${url.pathname}`];
    if (!handler) throw new Error(`unexpected request ${method} ${url.pathname}${url.search}`);
    return handler(req);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}
