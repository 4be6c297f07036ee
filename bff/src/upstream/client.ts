import { createHash } from 'node:crypto';
import { Pool } from 'undici';
import { CONSOLE_CLIENT, LC_HEADERS, MASTER_SUFFIX } from '@switchboard/shared';
import type { UpstreamApp } from '../apps-config';
import { ConsoleError } from '../domain/errors';

/**
 * The request may have reached the app, but no usable answer came back (a timeout, a connection
 * dropped after it was open, a success answer that is not JSON): whether a write was applied is
 * not known.
 */
export class UnansweredError extends ConsoleError {}

/** Connection failures that happen before anything is sent: the app never saw the request. */
const NOT_SENT = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
]);

export interface UpstreamResponse {
  status: number;
  body: unknown;
  /** The body as the app sent it (valid JSON, or empty), for answers passed on unchanged. */
  text: string;
  retryAfter: string | undefined;
}

export interface UpstreamRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body?: unknown;
}

/**
 * The only code that holds an upstream app's keys. It signs every request with the master key
 * (X-LC-Sign, so the key itself never crosses the wire) and removes the keys from anything it
 * hands back.
 */
export class UpstreamClient {
  /**
   * Kept-alive connections to this one app. Without a pool of its own the client would go through
   * the process-wide dispatcher, which is Node's bundled copy of undici (an extra routing layer
   * per request, and whatever version Node ships).
   */
  private readonly pool: Pool;
  /** The base URL's path, e.g. "/prefix" for https://host/prefix; "" for none. */
  private readonly prefix: string;

  constructor(
    private readonly app: UpstreamApp,
    private readonly timeoutMs: number,
  ) {
    const base = new URL(app.baseUrl);
    this.pool = new Pool(base.origin, { connections: 128 });
    this.prefix = base.pathname.replace(/\/+$/, '');
  }

  private sign(): string {
    const ts = Date.now();
    const md5 = createHash('md5').update(`${ts}${this.app.masterKey}`).digest('hex');
    return `${md5},${ts},${MASTER_SUFFIX}`;
  }

  /** Replaces the app's keys in upstream text (an error message could echo what it was sent). */
  redact(text: string): string {
    let out = text;
    for (const secret of [this.app.masterKey, this.app.appKey]) out = out.split(secret).join('[redacted]');
    return out;
  }

  async request(req: UpstreamRequest): Promise<UpstreamResponse> {
    const qs = new URLSearchParams(req.query).toString();
    // Paths arrive decoded and checked (parseUpstreamPath); each segment is encoded again here.
    const path = req.path.split('/').map(encodeURIComponent).join('/');
    const target = `${this.prefix}${path}${qs ? `?${qs}` : ''}`;
    const headers: Record<string, string> = {
      [LC_HEADERS.id]: this.app.appId,
      [LC_HEADERS.sign]: this.sign(),
      // Names the console, so the app can tell its pushes from the API's (push record `source`).
      'x-lc-ua': CONSOLE_CLIENT,
      accept: 'application/json',
      // Compressing and inflating costs both sides CPU per response; the BFF sits next to the app.
      'accept-encoding': 'identity',
    };
    if (req.body !== undefined) headers['content-type'] = 'application/json';
    // Serialized before the call, so a body that cannot be serialized is not reported as the
    // app being unreachable.
    const payload = req.body === undefined ? undefined : JSON.stringify(req.body);
    let status: number;
    let retryAfter: string | undefined;
    let text: string;
    try {
      // undici's request API: the same client as fetch without the web-streams layer, and its
      // timers instead of one AbortSignal per request (both cost the BFF CPU per request).
      // Redirects are not followed: a 3xx is not a 2xx, so it is reported as a failure.
      const res = await this.pool.request({
        path: target,
        method: req.method,
        headers,
        body: payload,
        headersTimeout: this.timeoutMs,
        bodyTimeout: this.timeoutMs,
      });
      status = res.statusCode;
      const ra = res.headers['retry-after'];
      retryAfter = Array.isArray(ra) ? ra[0] : ra;
      text = await res.body.text();
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
        throw new UnansweredError(
          504,
          'upstream_timeout',
          `The app "${this.app.name}" did not answer within ${this.timeoutMs / 1000} s.`,
        );
      }
      const Failure = typeof code === 'string' && NOT_SENT.has(code) ? ConsoleError : UnansweredError;
      throw new Failure(
        502,
        'upstream_unreachable',
        `The app "${this.app.name}" cannot be reached at ${this.app.baseUrl}.`,
      );
    }
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      // A refusal is a refusal in any format; a success or a server fault that is not JSON
      // leaves the outcome open.
      const Failure = status >= 400 && status < 500 ? ConsoleError : UnansweredError;
      throw new Failure(
        502,
        'upstream_error',
        `The app "${this.app.name}" answered with something that is not JSON.`,
        { upstreamStatus: status },
      );
    }
    return { status, body, text, retryAfter };
  }
}
