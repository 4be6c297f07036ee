/**
 * The cheapest proxy Node offers, as a floor for the BFF benchmark: it forwards each request to the
 * API server with the master key on a keep-alive connection and streams the answer back, with no
 * session, permission, schema or header work. What it costs is what any Node hop costs; the BFF's
 * overhead above it is what the console's checks cost.
 *
 * Run by bff-bench.ts as a child process: FLOOR_PORT, FLOOR_UPSTREAM, FLOOR_APP_ID, FLOOR_MASTER_KEY.
 */
import { Agent, createServer, request } from 'node:http';
import { LC_HEADERS, MASTER_SUFFIX } from '@switchboard/shared';

const env = (name: string): string => {
  const v = process.env[name];
  if (!v) throw new Error(`${name} is not set`);
  return v;
};

const upstream = new URL(env('FLOOR_UPSTREAM'));
const headers = {
  [LC_HEADERS.id]: env('FLOOR_APP_ID'),
  [LC_HEADERS.key]: `${env('FLOOR_MASTER_KEY')},${MASTER_SUFFIX}`,
};
const agent = new Agent({ keepAlive: true, maxSockets: 64 });
/** The BFF's URL shape, so the benchmark sends both the same paths. */
const PREFIX = '/api/apps/default';

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/healthz') return void res.end('ok');
  if (!url.startsWith(`${PREFIX}/`)) {
    res.statusCode = 404;
    return void res.end();
  }
  const out = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: url.slice(PREFIX.length),
      headers,
      agent,
    },
    (up) => {
      res.writeHead(up.statusCode ?? 502, {
        'content-type': up.headers['content-type'] ?? 'application/json',
      });
      up.pipe(res);
    },
  );
  out.on('error', () => {
    res.statusCode = 502;
    res.end();
  });
  req.pipe(out);
});
server.listen(Number(env('FLOOR_PORT')), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
