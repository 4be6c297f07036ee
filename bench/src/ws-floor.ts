/**
 * The floor of the realtime benchmark: a bare `ws` server doing the least a chat server must (each
 * connection says who it is; a frame is relayed to one named connection or to the first K), with
 * no protocol, storage or checks. Run as a child process: PORT from the environment.
 *
 * Frames: [1, id u32] hello; [2, id u32, ...payload] relay to id; [3, k u32, ...payload] relay to
 * ids 0..k-1.
 */
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';

const byId = new Map<number, WebSocket>();
const http = createServer((_req, res) => res.end('ok'));
const wss = new WebSocketServer({ server: http, perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.on('message', (data: Buffer) => {
    const op = data[0];
    const n = data.readUInt32BE(1);
    if (op === 1) byId.set(n, ws);
    else if (op === 2) byId.get(n)?.send(data);
    else if (op === 3) for (let i = 0; i < n; i += 1) byId.get(i)?.send(data);
  });
});
http.listen(Number(process.env.PORT), '127.0.0.1');
