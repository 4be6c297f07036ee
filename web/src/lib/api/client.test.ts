import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { consoleRoutes, CSRF_HEADER } from '@switchboard/shared';
import { apiRequest, buildUrl, callRoute } from './client';
import { ConsoleApiError } from './error';

// fetch is the edge of the web app; these tests replace only it.
function respondWith(response: Response | Error | DOMException) {
  const fetchMock = vi.fn((_url: string, _init: RequestInit) =>
    response instanceof Response ? Promise.resolve(response) : Promise.reject(response),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const okSchema = z.object({ ok: z.boolean() });

async function failure(promise: Promise<unknown>): Promise<ConsoleApiError> {
  const error: unknown = await promise.then(
    () => new Error('expected the request to fail'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConsoleApiError);
  return error as ConsoleApiError;
}

afterEach(() => vi.unstubAllGlobals());

describe('apiRequest', () => {
  it('returns the parsed body of a 2xx answer', async () => {
    respondWith(Response.json({ ok: true, extra: 1 }));
    await expect(apiRequest('/api/x', { schema: okSchema })).resolves.toEqual({ ok: true });
  });

  it('sends the session cookie and no CSRF header on GET', async () => {
    const fetchMock = respondWith(Response.json({ ok: true }));
    await apiRequest('/api/x', { schema: okSchema, query: { limit: 10, skip: undefined } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/x?limit=10');
    expect(init.credentials).toBe('same-origin');
    expect(new Headers(init.headers).has(CSRF_HEADER)).toBe(false);
    expect(init.body).toBeNull();
  });

  it('sends JSON and the CSRF header on every mutation', async () => {
    for (const method of ['POST', 'PUT', 'DELETE'] as const) {
      const fetchMock = respondWith(Response.json({ ok: true }));
      await apiRequest('/api/x', { method, body: { a: 1 }, schema: okSchema });
      const init = fetchMock.mock.calls[0]![1];
      const headers = new Headers(init.headers);
      expect(init.method).toBe(method);
      expect(headers.get(CSRF_HEADER)).toBe('1');
      expect(headers.get('content-type')).toBe('application/json');
      expect(init.body).toBe('{"a":1}');
    }
  });

  it('turns a console error body into a ConsoleApiError with all its fields', async () => {
    respondWith(
      Response.json(
        {
          code: 'unauthenticated',
          message: 'Wrong e-mail or password.',
          requestId: 'r-1',
          details: { n: 1 },
        },
        { status: 401 },
      ),
    );
    const error = await failure(apiRequest('/api/session', { method: 'POST', schema: okSchema }));
    expect(error).toMatchObject({
      code: 'unauthenticated',
      message: 'Wrong e-mail or password.',
      requestId: 'r-1',
      details: { n: 1 },
      status: 401,
      fromServer: true,
    });
  });

  it('maps a non-JSON error page by its status and keeps the request id header', async () => {
    respondWith(
      new Response('<html>bad gateway</html>', {
        status: 502,
        statusText: 'Bad Gateway',
        headers: { 'content-type': 'text/html', 'x-request-id': 'r-2' },
      }),
    );
    const error = await failure(apiRequest('/api/x', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'upstream_unreachable', status: 502, requestId: 'r-2' });
    expect(error.message).toBe('HTTP 502 Bad Gateway');
  });

  it('maps JSON that is not a console error by status', async () => {
    respondWith(Response.json({ oops: true }, { status: 403 }));
    const error = await failure(apiRequest('/api/x', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'forbidden', status: 403 });
  });

  it('keeps the message of an upstream {code, error} body', async () => {
    respondWith(Response.json({ code: 101, error: 'Object not found.' }, { status: 404 }));
    const error = await failure(apiRequest('/api/x', { schema: okSchema }));
    expect(error).toMatchObject({
      code: 'not_found',
      message: 'Object not found.',
      details: { upstreamCode: 101 },
    });
  });

  it('reports a failed connection as network_error with status 0', async () => {
    respondWith(new TypeError('Failed to fetch'));
    const error = await failure(apiRequest('/api/x', { schema: okSchema }));
    expect(error).toMatchObject({
      code: 'network_error',
      status: 0,
      message: 'Failed to fetch',
      fromServer: false,
    });
  });

  it('lets a cancellation through as it is', async () => {
    respondWith(new DOMException('aborted', 'AbortError'));
    await expect(apiRequest('/api/x', { schema: okSchema })).rejects.toHaveProperty('name', 'AbortError');
  });

  it('reports a 2xx answer that is not JSON as bad_response', async () => {
    respondWith(
      new Response('<html>index</html>', { status: 200, headers: { 'content-type': 'text/html' } }),
    );
    const error = await failure(apiRequest('/api/x', { schema: okSchema }));
    expect(error).toMatchObject({ code: 'bad_response', status: 200 });
    expect(error.message).toContain('text/html');
  });

  it('reports a 2xx answer that breaks the contract as bad_response with the issues', async () => {
    respondWith(Response.json({ ok: 'yes' }));
    const error = await failure(apiRequest('/api/x', { schema: okSchema }));
    expect(error.code).toBe('bad_response');
    expect(error.details).toEqual([expect.objectContaining({ path: ['ok'] })]);
  });

  it('reads an empty success body as the empty object', async () => {
    respondWith(new Response(null, { status: 204 }));
    await expect(apiRequest('/api/session', { method: 'DELETE', schema: z.object({}) })).resolves.toEqual({});
  });
});

describe('callRoute', () => {
  it('uses the method, path and response schema the contract declares', async () => {
    const session = {
      user: { id: 'u1', email: 'a@example.com', role: 'admin', appRoles: {} },
      permissions: ['data.read'],
      appPermissions: {},
    };
    const fetchMock = respondWith(Response.json(session));
    await expect(callRoute(consoleRoutes.login, { email: 'a@example.com', password: 'pw' })).resolves.toEqual(
      session,
    );
    const [url, init] = fetchMock.mock.calls[0]!;
    expect([url, init.method]).toEqual(['/api/session', 'POST']);
  });
});

describe('buildUrl', () => {
  it('encodes values and leaves out undefined ones', () => {
    expect(buildUrl('/p', { where: '{"a":1}', skip: undefined, count: 1 })).toBe(
      '/p?where=%7B%22a%22%3A1%7D&count=1',
    );
    expect(buildUrl('/p', {})).toBe('/p');
  });
});
