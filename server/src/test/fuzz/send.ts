import { Agent, request as httpRequest } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { authHeaders } from '../harness';
import type { FuzzRequest } from './common';

// Raw HTTP for the fuzz tests: paths go out unnormalized, with any header and any body.

const REQUEST_TIMEOUT_MS = 10_000;

let base: URL;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
let sent = 0;

export interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Points `send` at the server under test. */
export function sendTo(url: string): void {
  base = new URL(url);
}

/** Closes the kept-alive connection, after the last request. */
export function closeConnection(): void {
  agent.destroy();
}

/** How many requests `send` has sent. */
export function sentCount(): number {
  return sent;
}

function fullPath(req: FuzzRequest): string {
  if (!req.query || Object.keys(req.query).length === 0) return req.path;
  const qs = new URLSearchParams(Object.entries(req.query)).toString();
  return `${req.path}${req.path.includes('?') ? '&' : '?'}${qs}`;
}

/** Sends one request over raw HTTP (paths unnormalized, any header), failing after a timeout. */
export function send(
  req: FuzzRequest,
  opts: { timeoutMs?: number; agent?: Agent | false } = {},
): Promise<RawReply> {
  const headers: Record<string, string> = { ...authHeaders(req.auth), ...req.headers };
  const body =
    req.body === undefined
      ? undefined
      : typeof req.body === 'string'
        ? Buffer.from(req.body, 'utf8')
        : Buffer.from(req.body);
  if (body) headers['Content-Length'] = String(body.length);
  sent++;
  return new Promise((resolve, reject) => {
    let answered = false;
    const r = httpRequest(
      {
        host: base.hostname,
        port: base.port,
        method: req.method,
        path: fullPath(req),
        headers,
        agent: opts.agent ?? agent,
        signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', (e: NodeJS.ErrnoException) => {
      // A server that answers before reading a large body may reset the upload; the answer counts.
      if (answered) return;
      // A kept-alive socket the server closed after its last reply: Node's advice is to retry once.
      if (r.reusedSocket && e.code === 'ECONNRESET') {
        sent--;
        send(req, { ...opts, agent: false }).then(resolve, reject);
        return;
      }
      reject(new Error(`${e.name}: ${e.message} (no reply to ${describeRequest(req)})`));
    });
    r.end(body);
  });
}

const clip = (s: string, n = 400) => (s.length > n ? `${s.slice(0, n)}... (${s.length} chars)` : s);

/** The request as a reader needs it to reproduce a failure (long parts clipped). */
export function describeRequest(req: FuzzRequest): string {
  const lines = [`${req.method} ${clip(fullPath(req))}`, `  auth: ${req.auth}`];
  if (req.query) lines.push(`  query: ${clip(JSON.stringify(req.query))}`);
  if (req.headers && Object.keys(req.headers).length)
    lines.push(`  headers: ${clip(JSON.stringify(req.headers))}`);
  if (req.body !== undefined) {
    const b =
      typeof req.body === 'string'
        ? JSON.stringify(req.body)
        : `bytes ${Buffer.from(req.body).toString('hex')}`;
    lines.push(`  body: ${clip(b)}`);
  }
  return lines.join('\n');
}
