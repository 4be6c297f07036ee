import type { Sql } from '@switchboard/shared/sql';
import type { ImLive, LiveMessage, LivePatch } from '../im/live';
import type { Audience, Bus, BusEvent } from './bus';
import { RtmCode } from './codes';
import type { Session } from './connection';
import type { Command } from './proto/codec';
import { SharedFrame } from './proto/codec';
import type { Notices } from './notices';
import type { Presence } from './presence';
import type { Registry } from './registry';

const CONV_TYPE = { conv: 1, room: 2, sys: 3 } as const;

/** The `direct` command a member receives for a message. */
export function directOf(m: LiveMessage): Command {
  return {
    cmd: 'direct',
    directMessage: {
      cid: m.convId,
      id: m.msgId,
      timestamp: m.ts,
      fromPeerId: m.from,
      ...(m.bin ? { binaryMsg: Buffer.from(m.data, 'base64') } : { msg: m.data }),
      ...(m.transient ? { transient: true } : {}),
      ...(m.mentionPids?.length ? { mentionPids: m.mentionPids } : {}),
      ...(m.mentionAll ? { mentionAll: true } : {}),
      convType: CONV_TYPE[m.kind],
    },
  };
}

/**
 * Delivery to the live connections. Everything goes through the bus, so a client connected to
 * another process gets it too; each process then serves its own sessions.
 */
export class Hub implements ImLive {
  constructor(
    readonly registry: Registry,
    private readonly bus: Bus,
    /** Who is online on every process; without it, this process's sessions only. */
    private readonly presence?: Presence,
    /** Keeps the notices a client must get after a reconnect (GET /1.1/rtm/notifications). */
    private readonly notices?: Notices,
  ) {
    bus.subscribe((e) => this.local(e));
  }

  send(to: Audience, cmd: Command, except?: string): void {
    this.bus.publish({ t: 'send', to, cmd: this.notices?.keep(to, cmd) ?? cmd, except });
  }

  message(m: LiveMessage): void {
    this.send(m.kind === 'room' ? { room: m.convId } : { peers: m.to }, directOf(m), m.origin);
  }

  messageEveryone(m: LiveMessage): void {
    this.send({ everyone: true }, directOf(m));
    this.onEveryone(m);
  }

  /** Told of each global broadcast handed to the clients online (their marks move). */
  onEveryone: (m: LiveMessage) => void = () => undefined;

  patch(p: LivePatch): void {
    this.send(
      { peers: p.to },
      {
        cmd: 'patch',
        op: 'modify',
        patchMessage: {
          patches: [
            {
              cid: p.convId,
              mid: p.msgId,
              timestamp: p.ts,
              recall: p.recall,
              data: p.data,
              patchTimestamp: p.patchTs,
              from: p.from,
            },
          ],
          lastPatchTime: p.patchTs,
        },
      },
    );
  }

  kick(peer: string, reason: string | undefined): Promise<void> {
    this.bus.publish({ t: 'kick', peer, code: RtmCode.KickedByApp, reason: reason ?? 'Kicked by the app' });
    return Promise.resolve();
  }

  /** A client blocked or unblocked conversations: its sessions on every process learn it. */
  clientBlocks(peer: string, cids: string[], on: boolean): void {
    this.bus.publish({ t: 'blocks', peer, cids, on });
  }

  conflict(peer: string, tag: string, except: string): void {
    this.bus.publish({ t: 'conflict', peer, tag, except });
  }

  online(ids: string[], tx?: Sql): Promise<string[]> {
    if (this.presence) return this.presence.which(ids, tx);
    return Promise.resolve(ids.filter((id) => this.registry.isOnline(id)));
  }

  onlineCount(): Promise<number> {
    if (this.presence) return this.presence.count();
    return Promise.resolve(this.registry.onlinePeers().length);
  }

  roomMembers(convId: string, limit: number): Promise<string[]> {
    if (this.presence) return this.presence.roomMembers(convId, limit);
    return Promise.resolve(this.registry.roomMembers(convId).slice(0, limit));
  }

  roomCount(convId: string): Promise<number> {
    if (this.presence) return this.presence.roomCount(convId);
    return Promise.resolve(this.registry.roomMembers(convId).length);
  }

  /** Told when the server ends a session (kick, conflict): its will messages go unsent. */
  onSessionEnded: (s: Session) => void = () => undefined;

  /** Ends a session with a `session closed` notice carrying the code the SDK reports. */
  closeSession(s: Session, code: number, reason: string): void {
    s.conn.send({ cmd: 'session', op: 'closed', peerId: s.peerId, sessionMessage: { code, reason } });
    s.conn.sessions.delete(s.peerId);
    this.registry.remove(s);
    this.onSessionEnded(s);
  }

  private local(e: BusEvent): void {
    if (e.t === 'kick') {
      for (const s of this.registry.sessionsOf(e.peer)) this.closeSession(s, e.code, e.reason);
      return;
    }
    if (e.t === 'conflict') {
      for (const s of this.registry.sessionsOf(e.peer))
        if (s.tag === e.tag && s.conn.id !== e.except)
          this.closeSession(s, RtmCode.SessionConflict, 'Logged in on another device with the same tag.');
      return;
    }
    if (e.t === 'blocks') {
      for (const s of this.registry.sessionsOf(e.peer))
        for (const cid of e.cids)
          if (e.on) (s.blocks ??= new Set()).add(cid);
          else s.blocks?.delete(cid);
      return;
    }
    if (e.t !== 'send') return;
    const peers =
      'room' in e.to
        ? this.registry.roomMembers(e.to.room)
        : 'everyone' in e.to
          ? this.registry.onlinePeers()
          : e.to.peers;
    const cid =
      e.cmd.cmd === 'direct' ? (e.cmd.directMessage as { cid?: unknown } | undefined)?.cid : undefined;
    let frame: SharedFrame | undefined;
    for (const peer of new Set(peers))
      for (const s of this.registry.sessionsOf(peer))
        if (`${s.conn.id}:${peer}` !== e.except && !(typeof cid === 'string' && s.blocks?.has(cid)))
          s.conn.sendShared((frame ??= new SharedFrame(e.cmd)), peer);
  }
}
