import { request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { authHeaders } from './harness';
import type { AuthMode } from './harness';

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
  /** The body as an object ({} when it is not a JSON object). */
  json: Record<string, unknown>;
}

/**
 * One request over node:http, for headers fetch will not send as given (Host is always the URL's
 * there). `base` is the server's URL; `path` goes out as written.
 */
export function rawRequest(
  base: string,
  method: string,
  path: string,
  opts: { auth?: AuthMode; headers?: Record<string, string>; body?: unknown } = {},
): Promise<RawReply> {
  const url = new URL(base);
  const headers: Record<string, string> = { ...authHeaders(opts.auth ?? 'app'), ...opts.headers };
  const body = opts.body === undefined ? undefined : Buffer.from(JSON.stringify(opts.body));
  if (body) {
    headers['Content-Type'] ??= 'application/json';
    headers['Content-Length'] = String(body.length);
  }
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method, path, headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const json =
            parsed && typeof parsed === 'object' && !Array.isArray(parsed)
              ? (parsed as Record<string, unknown>)
              : {};
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
