import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import type { Audience } from './bus';
import type { Command } from './proto/codec';

/**
 * The `conv` notices a client must not miss while offline (LeanCloud's "permanent" notifications):
 * membership, attribute and role changes. After a reconnect the SDK asks GET /1.1/rtm/notifications
 * for those since the last `serverTs` it saw, and handles each as if it had come live.
 */
const PERMANENT = new Set([
  'joined',
  'left',
  'members_joined',
  'members_left',
  'updated',
  'member_info_changed',
  'blocked',
  'unblocked',
  'members_blocked',
  'members_unblocked',
  'shutuped',
  'unshutuped',
  'members_shutuped',
  'members_unshutuped',
]);
/** Notices per answer; the SDK asks again while hasMore. */
const PAGE = 100;
/** How long notices are kept: a client away longer opens its conversations afresh anyway. */
const KEEP_MS = 7 * 86_400_000;

export class Notices {
  /** Writes in order; a read waits for the ones queued before it. */
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly sql: Sql,
    private readonly clock: Clock,
    private readonly log: (err: unknown) => void,
  ) {}

  /**
   * Keeps a permanent notice for each client it goes to and stamps it with the server time (the
   * SDK remembers the last `serverTs` it saw and asks from there); other commands pass unchanged.
   */
  keep(to: Audience, cmd: Command): Command {
    if (cmd.cmd !== 'conv' || !PERMANENT.has(String(cmd.op)) || !('peers' in to) || !to.peers.length)
      return cmd;
    const ts = this.clock.now().getTime();
    const payload = JSON.stringify(cmd.convMessage ?? {});
    const peers = [...new Set(to.peers)];
    this.chain = this.chain
      .then(async () => {
        await this.sql.query(
          `INSERT INTO lc_rtm_notifications (client_id, ts, cmd, op, payload)
           SELECT p, $2, 'conv', $3, $4::jsonb FROM unnest($1::text[]) AS u(p)`,
          [peers, ts, cmd.op, payload],
        );
        if (Math.random() < 0.01)
          await this.sql.query('DELETE FROM lc_rtm_notifications WHERE ts < $1', [ts - KEEP_MS]);
      })
      .catch(this.log);
    return { ...cmd, serverTs: ts };
  }

  /** A client's notices after `startTs`, oldest first, as the SDK dispatches them. */
  async since(
    clientId: string,
    startTs: number,
  ): Promise<{ notifications: Record<string, unknown>[]; hasMore: boolean }> {
    await this.chain;
    const rows = await this.sql.query<{
      ts: string;
      cmd: string;
      op: string;
      payload: Record<string, unknown>;
    }>(
      `SELECT ts::text AS ts, cmd, op, payload FROM lc_rtm_notifications
        WHERE client_id = $1 AND ts > $2 ORDER BY ts, id LIMIT ${PAGE + 1}`,
      [clientId, startTs],
    );
    return {
      notifications: rows
        .slice(0, PAGE)
        .map((r) => ({ ...r.payload, cmd: r.cmd, op: r.op, serverTs: Number(r.ts) })),
      hasMore: rows.length > PAGE,
    };
  }
}
