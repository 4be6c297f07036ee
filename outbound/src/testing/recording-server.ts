import { createServer } from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordingServer {
  url: string;
  port: number;
  /** Every request that reached the server, in order. */
  requests: { url: string; headers: IncomingHttpHeaders }[];
  close(): Promise<void>;
}

/**
 * A local HTTP server standing for a host at the edge of the world (an old file host, a source
 * app, a machine on the internal network): it answers with `handle` and records what reached it.
 */
export async function startRecordingServer(
  handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('ok'),
  host = '127.0.0.1',
): Promise<RecordingServer> {
  const requests: RecordingServer['requests'] = [];
  const server = createServer((req, res) => {
    requests.push({ url: req.url ?? '/', headers: req.headers });
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, host, () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
