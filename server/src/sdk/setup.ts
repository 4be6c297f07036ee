import { createRequire } from 'node:module';
import * as AV from 'leancloud-storage';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';

/** The SDK's HTTP adapter (`AV.setAdapters({ request })`), as `@leancloud/adapter-types` declares it. */
type RequestAdapter = NonNullable<Parameters<typeof AV.setAdapters>[0]['request']>;
/** Its multipart upload adapter (`AV.setAdapters({ upload })`), used by the file uploaders. */
type UploadAdapter = NonNullable<Parameters<typeof AV.setAdapters>[0]['upload']>;
/** What an adapter answers. */
type AdapterResponse = Awaited<ReturnType<RequestAdapter>>;

/** One HTTP request the SDK sent, with the server's answer. */
export interface SdkRequest {
  method: string;
  /** Scheme, host and port the request went to. */
  origin: string;
  /** Path and query string, e.g. `/1.1/classes/Foo?new=true`. */
  path: string;
  /** Query parameters, decoded (JSON values such as `where` are left as strings). */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
  status: number;
  response: unknown;
}

export interface SdkServer {
  t: TestServer;
  /** Every request the SDK sent since the server started (see `since`). */
  requests: SdkRequest[];
  /** Requests sent after the given mark (`const mark = sdk.requests.length`). */
  since(mark: number): SdkRequest[];
  /** The first request, answered already or once it is, that `match` accepts. */
  answered(match: (r: SdkRequest) => boolean): Promise<SdkRequest>;
  close(): Promise<void>;
}

// The platform adapters the SDK installs for itself (superagent over node:http). The logging
// adapter below wraps them, so every request still goes through the SDK's own transport.
const sdkRequire = createRequire(createRequire(import.meta.url).resolve('leancloud-storage'));
const nodeAdapters = sdkRequire('@leancloud/platform-adapters-node') as {
  request: RequestAdapter;
  upload: UploadAdapter;
};

/**
 * Boots the real server and points the `leancloud-storage` SDK singleton at it. `serverURL` turns
 * off LeanCloud's app router, so the SDK never looks up `app-router.com` or a LeanCloud domain.
 * Call once per test file (AV is a module singleton; vitest isolates test files).
 */
export async function startSdkServer(
  options: Parameters<typeof startTestServer>[0] = {},
): Promise<SdkServer> {
  const t = await startTestServer(options);
  const requests: SdkRequest[] = [];
  const waiting = new Set<(r: SdkRequest) => void>();
  const record = (
    url: string,
    sent: Pick<SdkRequest, 'method' | 'headers' | 'body'>,
    res: AdapterResponse,
  ) => {
    const u = new URL(url);
    const entry: SdkRequest = {
      ...sent,
      origin: u.origin,
      path: u.pathname + u.search,
      query: Object.fromEntries(u.searchParams),
      status: res.status ?? 0,
      // The SDK rewrites response objects in place while parsing them; keep what the server sent.
      response: structuredClone(res.data),
    };
    requests.push(entry);
    for (const notify of waiting) notify(entry);
  };
  const request: RequestAdapter = async (url, options = {}) => {
    const res = await nodeAdapters.request(url, options);
    const headers = { ...(options.headers ?? {}) };
    record(url, { method: options.method ?? 'GET', headers, body: options.data }, res);
    return res;
  };
  // A multipart form: recorded with its fields and the file part's field and name (not its data).
  const upload: UploadAdapter = async (url, file, options = {}) => {
    const res = await nodeAdapters.upload(url, file, options);
    const body = { ...(options.data ?? {}), [file.field]: { name: file.name } };
    record(url, { method: options.method ?? 'POST', headers: { ...(options.headers ?? {}) }, body }, res);
    return res;
  };
  AV.setAdapters({ request, upload });
  AV.init({
    appId: TEST_KEYS.appId,
    appKey: TEST_KEYS.appKey,
    masterKey: TEST_KEYS.masterKey,
    serverURL: t.url,
  });
  return {
    t,
    requests,
    since: (mark) => requests.slice(mark),
    answered: (match) => {
      const done = requests.find(match);
      if (done) return Promise.resolve(done);
      return new Promise((resolve) => {
        const notify = (r: SdkRequest) => {
          if (!match(r)) return;
          waiting.delete(notify);
          resolve(r);
        };
        waiting.add(notify);
      });
    },
    close: () => t.close(),
  };
}

/** Requests of a kind, e.g. `matching(sdk.since(mark), 'POST', '/1.1/batch')`. */
export function matching(list: SdkRequest[], method: string, pathPrefix: string): SdkRequest[] {
  return list.filter((r) => r.method === method && r.path.startsWith(pathPrefix));
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<AV.Error & Record<string, unknown>> {
  try {
    await p;
  } catch (e) {
    return e as AV.Error & Record<string, unknown>;
  }
  throw new Error('expected the promise to reject');
}

/** Object ids of SDK objects. */
export const ids = (objects: AV.Object[]): string[] => objects.map((o) => o.id ?? '');

export { AV };
