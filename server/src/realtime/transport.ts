import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { RawData, WebSocket } from 'ws';
import { RtmCode } from './codes';
import { Connection } from './connection';
import type { RealtimeContext } from './context';
import { dropWills, releaseWills } from './commands/wills';
import { dispatch } from './dispatch';
import { decodeFrame, FrameError, SUBPROTOCOLS } from './proto/codec';
import type { Framing } from './proto/codec';

/** A connection that answers no ping for this long is dropped (and its clients go offline). */
const PING_INTERVAL_MS = 30_000;

/** The framing a client asks for: the WebSocket subprotocol, or ?subprotocol= (mini-program clients). */
function framingOf(req: IncomingMessage): { framing: Framing; protocol: string } | undefined {
  const offered = (req.headers['sec-websocket-protocol'] ?? '').split(',').map((p) => p.trim());
  const fromQuery = new URL(req.url ?? '/', 'http://x').searchParams.get('subprotocol');
  for (const p of [...offered, fromQuery ?? ''])
    if (p in SUBPROTOCOLS) return { framing: SUBPROTOCOLS[p] as Framing, protocol: p };
  return undefined;
}

function refuse(socket: Duplex, status: string, message: string): void {
  const body = JSON.stringify({ code: RtmCode.AppNotAvailable, error: message });
  socket.end(
    `HTTP/1.1 ${status}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

export interface RealtimeTransport {
  connections(): number;
  /** Tells every client to move (goaway), then closes the connections. */
  close(): Promise<void>;
}

/**
 * The realtime gateway on the HTTP server's own port: any WebSocket upgrade with one of the
 * LeanCloud subprotocols becomes a connection; REST keeps every other request.
 */
export function attachRealtime(server: Server, ctx: RealtimeContext): RealtimeTransport {
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: ctx.limits.maxFrameBytes,
    perMessageDeflate: false,
    handleProtocols: (protocols) => [...protocols].find((p) => p in SUBPROTOCOLS) ?? false,
  });
  const live = new Set<Connection>();
  const alive = new WeakMap<WebSocket, boolean>();
  /** Will messages being sent, which a shutdown waits for. */
  const releasing = new Set<Promise<unknown>>();
  ctx.hub.onSessionEnded = (s) => void dropWills(ctx, s).catch(ctx.log);

  /** The connection is gone: its clients go offline and their will messages are sent. */
  function endSessions(conn: Connection): void {
    for (const s of conn.sessions.values()) {
      ctx.hub.registry.remove(s);
      const p = releaseWills(ctx, s).finally(() => releasing.delete(p));
      releasing.add(p);
    }
    conn.sessions.clear();
  }

  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const chosen = framingOf(req);
    if (!chosen)
      return refuse(socket, '400 Bad Request', 'Ask for subprotocol lc.protobuf2.3 or lc.proto2base64.3.');
    wss.handleUpgrade(req, socket, head, (ws) => accept(ws, req, chosen.framing));
  };
  server.on('upgrade', onUpgrade);

  function accept(ws: WebSocket, req: IncomingMessage, framing: Framing): void {
    const conn = new Connection(ws, framing, req.socket.remoteAddress ?? '', {
      perSecond: ctx.limits.commandsPerSecond,
      burst: ctx.limits.commandBurst,
    });
    live.add(conn);
    alive.set(ws, true);
    let refused = 0;
    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data: RawData) => {
      alive.set(ws, true);
      const bytes = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
      let cmd;
      try {
        cmd = decodeFrame(bytes, framing);
      } catch (e) {
        conn.error(
          undefined,
          RtmCode.InternalError,
          e instanceof FrameError ? e.message : 'Malformed frame.',
        );
        return;
      }
      if (!conn.allow()) {
        conn.error(cmd.i, RtmCode.AppQuotaExceeded, 'Too many commands on this connection; slow down.');
        // A client that keeps flooding past its budget is cut off.
        if ((refused += 1) > ctx.limits.commandBurst)
          conn.close(RtmCode.AppQuotaExceeded, 'Too many commands');
        return;
      }
      refused = 0;
      conn.queue = conn.queue.then(() => dispatch(ctx, conn, cmd));
    });
    ws.on('close', () => {
      conn.closed = true;
      live.delete(conn);
      ctx.devices.forget(conn);
      endSessions(conn);
    });
    ws.on('error', () => ws.terminate());
  }

  const pinger = setInterval(() => {
    for (const conn of live) {
      if (!alive.get(conn.ws)) {
        conn.ws.terminate();
        continue;
      }
      alive.set(conn.ws, false);
      conn.ws.ping();
    }
  }, PING_INTERVAL_MS);
  pinger.unref();

  return {
    connections: () => live.size,
    async close() {
      clearInterval(pinger);
      server.off('upgrade', onUpgrade);
      for (const conn of live) {
        conn.send({ cmd: 'goaway' });
        // Its sessions end here, not at the close handshake, so their wills are sent before the
        // process stops (what is not sent by then is left to another process's sweep).
        endSessions(conn);
        conn.close(1001, 'Server shutting down');
      }
      await Promise.allSettled([...releasing]);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}
