/**
 * A small JSON client over node:http with a keep-alive agent, so timings cover one request and
 * its response on an open connection, not connection setup. No Accept-Encoding is sent: bodies
 * come back uncompressed.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface AppKeys {
  appId: string;
  appKey: string;
  masterKey: string;
}

export interface Timed<T> {
  status: number;
  body: T;
  /** From writing the request to the last byte of the response, in ms (JSON parsing excluded). */
  ms: number;
}

export class HttpError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

function lcHeaders(keys: AppKeys, master: boolean): Record<string, string> {
  return { 'X-LC-Id': keys.appId, 'X-LC-Key': master ? `${keys.masterKey},master` : keys.appKey };
}

export class ApiClient {
  private readonly agent: Agent;
  private readonly url: URL;

  constructor(
    baseUrl: string,
    private readonly keys: AppKeys,
    /** Sockets kept open; one per concurrent caller. */
    connections = 1,
    /** The credential headers; LeanCloud's X-LC-Id/X-LC-Key unless another API is spoken. */
    private readonly authHeaders: (keys: AppKeys, master: boolean) => Record<string, string> = lcHeaders,
  ) {
    this.url = new URL(baseUrl);
    this.agent = new Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
  }

  /**
   * Sends one request; rejects on a network error, a timeout or a non-2xx status (with the
   * server's code and message), so a failing benchmark says why.
   */
  send<T = unknown>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    opts: { master?: boolean; timeoutMs?: number } = {},
  ): Promise<Timed<T>> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = this.authHeaders(this.keys, opts.master ?? false);
    if (payload) {
      headers['Content-Type'] = 'application/json';
      headers['Content-Length'] = payload.length;
    }
    const timeoutMs = opts.timeoutMs ?? 60_000;
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const req = request(
        {
          host: this.url.hostname,
          port: this.url.port,
          method,
          path,
          headers,
          agent: this.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            const status = res.statusCode ?? 0;
            let parsed: unknown;
            try {
              parsed = text === '' ? undefined : JSON.parse(text);
            } catch {
              reject(
                new HttpError(
                  `${method} ${short(path)}: HTTP ${status}, not JSON: ${text.slice(0, 200)}`,
                  status,
                ),
              );
              return;
            }
            if (status < 200 || status > 299) {
              reject(new HttpError(`${method} ${short(path)}: HTTP ${status} ${text.slice(0, 300)}`, status));
              return;
            }
            resolve({ status, body: parsed as T, ms });
          });
        },
      );
      req.setTimeout(timeoutMs, () =>
        req.destroy(new HttpError(`${method} ${short(path)}: no answer within ${timeoutMs / 1000} s`)),
      );
      req.on('error', (e) =>
        reject(e instanceof HttpError ? e : new HttpError(`${method} ${short(path)}: ${e.message}`)),
      );
      req.end(payload);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

const short = (path: string) => (path.length > 160 ? `${path.slice(0, 157)}...` : path);
