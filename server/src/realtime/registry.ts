import type { Session } from './connection';

/**
 * The sessions of this process: by client id (every connection a client holds), and the chat
 * rooms each client has joined while online.
 */
export class Registry {
  private readonly byPeer = new Map<string, Set<Session>>();
  private readonly rooms = new Map<string, Set<string>>();

  /** Told when a client's first session here opens and its last one closes. */
  constructor(
    private readonly presence?: {
      online(peer: string): void;
      offline(peer: string): void;
      joinedRoom(convId: string, peer: string): void;
      leftRoom(convId: string, peer: string): void;
    },
  ) {}

  add(s: Session): void {
    let set = this.byPeer.get(s.peerId);
    if (!set) {
      this.byPeer.set(s.peerId, (set = new Set()));
      this.presence?.online(s.peerId);
    }
    set.add(s);
  }

  remove(s: Session): void {
    const set = this.byPeer.get(s.peerId);
    if (!set) return;
    if (!set.delete(s) || set.size) return;
    this.byPeer.delete(s.peerId);
    this.presence?.offline(s.peerId);
    for (const [cid, members] of this.rooms) {
      members.delete(s.peerId);
      if (!members.size) this.rooms.delete(cid);
    }
  }

  sessionsOf(peerId: string): Session[] {
    return [...(this.byPeer.get(peerId) ?? [])];
  }

  isOnline(peerId: string): boolean {
    return this.byPeer.has(peerId);
  }

  onlinePeers(): string[] {
    return [...this.byPeer.keys()];
  }

  joinRoom(convId: string, peerId: string): void {
    let set = this.rooms.get(convId);
    if (!set) this.rooms.set(convId, (set = new Set()));
    if (set.has(peerId)) return;
    set.add(peerId);
    // Shared presence counts clients online here only: their rows go when they go offline.
    if (this.byPeer.has(peerId)) this.presence?.joinedRoom(convId, peerId);
  }

  leaveRoom(convId: string, peerId: string): void {
    const set = this.rooms.get(convId);
    if (!set?.delete(peerId)) return;
    if (!set.size) this.rooms.delete(convId);
    if (this.byPeer.has(peerId)) this.presence?.leftRoom(convId, peerId);
  }

  /** Tells presence again of every client online here and the rooms they are in. */
  reassert(): void {
    for (const peer of this.byPeer.keys()) this.presence?.online(peer);
    for (const [cid, members] of this.rooms)
      for (const peer of members) if (this.byPeer.has(peer)) this.presence?.joinedRoom(cid, peer);
  }

  roomMembers(convId: string): string[] {
    return [...(this.rooms.get(convId) ?? [])];
  }
}
