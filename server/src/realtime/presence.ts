import type { Sql } from '@switchboard/shared/sql';

/** A process not heard from for this long is taken as gone, with its clients (default). */
export const NODE_TIMEOUT_MS = 30_000;

/**
 * Who is online on which process, in the database, so check-online and stats see every process.
 * Rows change when a client's first session opens or its last one closes here.
 */
export class Presence {
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<unknown> = Promise.resolve();
  private beaten = false;
  /**
   * Told when a beat finds this process taken for gone (its beat row stale or swept after a
   * stall): its presence rows may have been swept too, so they are written again.
   */
  onRevived: () => void = () => undefined;

  constructor(
    private readonly sql: Sql,
    readonly node: string,
    private readonly onError: (err: unknown) => void,
    /** Told at each beat whether other processes are alive. */
    private readonly onOthers: (alive: boolean) => void = () => undefined,
    /** A process silent this long is gone; each beats three times within it. */
    readonly timeoutMs: number = NODE_TIMEOUT_MS,
  ) {}

  async start(): Promise<void> {
    await this.beat();
    this.timer = setInterval(() => void this.beat().catch(this.onError), Math.floor(this.timeoutMs / 3));
    this.timer.unref();
  }

  private async beat(): Promise<void> {
    const [before] = await this.sql.query<{ stale: boolean }>(
      `SELECT seen_at <= now() - interval '${this.timeoutMs} milliseconds' AS stale FROM lc_im_nodes WHERE node = $1`,
      [this.node],
    );
    await this.sql.query(
      `INSERT INTO lc_im_nodes (node, seen_at) VALUES ($1, now())
       ON CONFLICT (node) DO UPDATE SET seen_at = now()`,
      [this.node],
    );
    const [row] = await this.sql.query<{ n: string }>(
      `SELECT count(*)::text AS n FROM lc_im_nodes WHERE node <> $1 AND seen_at > now() - interval '${this.timeoutMs} milliseconds'`,
      [this.node],
    );
    this.onOthers(Number(row?.n ?? 0) > 0);
    if (this.beaten && (!before || before.stale)) this.onRevived();
    this.beaten = true;
  }

  /** In order, so an offline never overtakes the online before it. */
  private enqueue(text: string, params: unknown[]): void {
    this.chain = this.chain.then(() => this.sql.query(text, params)).catch(this.onError);
  }

  online(clientId: string): void {
    this.enqueue('INSERT INTO lc_im_presence (node, client_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [
      this.node,
      clientId,
    ]);
  }

  offline(clientId: string): void {
    this.enqueue('DELETE FROM lc_im_presence WHERE node = $1 AND client_id = $2', [this.node, clientId]);
    this.enqueue('DELETE FROM lc_im_room_presence WHERE node = $1 AND client_id = $2', [this.node, clientId]);
  }

  /** A client online here joined a chat room. */
  joinedRoom(convId: string, clientId: string): void {
    this.enqueue(
      'INSERT INTO lc_im_room_presence (conv_id, client_id, node) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
      [convId, clientId, this.node],
    );
  }

  leftRoom(convId: string, clientId: string): void {
    this.enqueue('DELETE FROM lc_im_room_presence WHERE conv_id = $1 AND client_id = $2 AND node = $3', [
      convId,
      clientId,
      this.node,
    ]);
  }

  /** Up to `limit` online members of a chat room on any live process, picked at random. */
  async roomMembers(convId: string, limit: number): Promise<string[]> {
    await this.chain;
    const rows = await this.sql.query<{ client_id: string }>(
      `SELECT client_id FROM (
         SELECT DISTINCT r.client_id FROM lc_im_room_presence r JOIN lc_im_nodes n ON n.node = r.node
          WHERE r.conv_id = $1 AND n.seen_at > now() - interval '${this.timeoutMs} milliseconds'
       ) m ORDER BY random() LIMIT $2`,
      [convId, limit],
    );
    return rows.map((r) => r.client_id);
  }

  async roomCount(convId: string): Promise<number> {
    await this.chain;
    const [row] = await this.sql.query<{ n: string }>(
      `SELECT count(DISTINCT r.client_id)::text AS n FROM lc_im_room_presence r JOIN lc_im_nodes n ON n.node = r.node
        WHERE r.conv_id = $1 AND n.seen_at > now() - interval '${this.timeoutMs} milliseconds'`,
      [convId],
    );
    return Number(row?.n ?? 0);
  }

  /** Waits for the changes queued so far. */
  settled(): Promise<unknown> {
    return this.chain;
  }

  /**
   * Which of `ids` are online on any live process. Inside a caller's transaction (`tx`) it reads
   * through that transaction and does not wait for queued presence writes: on PGlite's single
   * connection those writes wait for the transaction, which would then never end.
   */
  async which(ids: string[], tx?: Sql): Promise<string[]> {
    if (!tx) await this.chain;
    const rows = await (tx ?? this.sql).query<{ client_id: string }>(
      `SELECT DISTINCT p.client_id FROM lc_im_presence p JOIN lc_im_nodes n ON n.node = p.node
       WHERE p.client_id = ANY($1::text[]) AND n.seen_at > now() - interval '${this.timeoutMs} milliseconds'`,
      [ids],
    );
    const on = new Set(rows.map((r) => r.client_id));
    return ids.filter((id) => on.has(id));
  }

  async count(): Promise<number> {
    await this.chain;
    const [row] = await this.sql.query<{ n: string }>(
      `SELECT count(DISTINCT p.client_id)::text AS n FROM lc_im_presence p JOIN lc_im_nodes n ON n.node = p.node
       WHERE n.seen_at > now() - interval '${this.timeoutMs} milliseconds'`,
    );
    return Number(row?.n ?? 0);
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.chain;
    await this.sql.query('DELETE FROM lc_im_presence WHERE node = $1', [this.node]);
    await this.sql.query('DELETE FROM lc_im_room_presence WHERE node = $1', [this.node]);
    await this.sql.query('DELETE FROM lc_im_nodes WHERE node = $1', [this.node]);
  }
}
