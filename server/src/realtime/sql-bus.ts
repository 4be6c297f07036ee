import { randomBytes } from 'node:crypto';
import type { Sql } from '@switchboard/shared/sql';
import type { Bus, BusEvent } from './bus';

const CHANNEL = 'lc_rtm';
/** NOTIFY payloads stop at 8000 bytes; larger events travel through a table row. */
const INLINE_MAX = 7000;
const BUS_ROW_TTL_S = 60;

/** Buffers (binary message content) survive JSON as base64. */
const replacer = (_k: string, v: unknown) =>
  v &&
  typeof v === 'object' &&
  (v as { type?: unknown }).type === 'Buffer' &&
  Array.isArray((v as { data?: unknown }).data)
    ? { $bin: Buffer.from((v as { data: number[] }).data).toString('base64') }
    : v;
const reviver = (_k: string, v: unknown) =>
  v && typeof v === 'object' && typeof (v as { $bin?: unknown }).$bin === 'string'
    ? Buffer.from((v as { $bin: string }).$bin, 'base64')
    : v;

/**
 * The bus between server processes on one database: Postgres LISTEN/NOTIFY (PGlite offers it within
 * its process). An event is handled here at once and sent to the others; each process serves the
 * sessions it holds.
 */
export class SqlBus implements Bus {
  readonly node = randomBytes(8).toString('hex');
  private readonly handlers: ((e: BusEvent) => void)[] = [];
  private stop: (() => Promise<void>) | undefined;

  constructor(
    private readonly sql: Sql,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * Whether another process has been heard of: alone, events need no NOTIFY (a query each). A
   * process says hello when it starts, and presence beats count the processes alive.
   */
  othersAlive = false;
  private heardAt = 0;

  /** A presence beat's count; a process heard from in the last minute counts as alive anyway. */
  noteOthers(alive: boolean): void {
    this.othersAlive = alive || Date.now() - this.heardAt < 60_000;
  }

  async start(): Promise<void> {
    if (!this.sql.listen || !this.sql.notify) return;
    this.stop = await this.sql.listen(CHANNEL, (payload) => {
      this.receive(payload).catch(this.onError);
    });
    await this.sql.notify(CHANNEL, JSON.stringify({ n: this.node, hello: true }));
  }

  subscribe(handler: (e: BusEvent) => void): void {
    this.handlers.push(handler);
  }

  publish(e: BusEvent): void {
    for (const h of this.handlers) h(e);
    this.send(e).catch(this.onError);
  }

  private async send(e: BusEvent): Promise<void> {
    if (!this.sql.notify || !this.othersAlive) return;
    const text = JSON.stringify({ n: this.node, e }, replacer);
    if (Buffer.byteLength(text) <= INLINE_MAX) return this.sql.notify(CHANNEL, text);
    const [row] = await this.sql.query<{ id: string }>(
      'INSERT INTO lc_im_bus (payload) VALUES ($1) RETURNING id::text AS id',
      [text],
    );
    await this.sql.notify(CHANNEL, `@${row?.id ?? ''}`);
    if (Math.random() < 0.01)
      await this.sql.query(
        `DELETE FROM lc_im_bus WHERE created_at < now() - interval '${BUS_ROW_TTL_S} seconds'`,
      );
  }

  private async receive(payload: string): Promise<void> {
    let text = payload;
    if (payload.startsWith('@')) {
      const [row] = await this.sql.query<{ payload: string }>('SELECT payload FROM lc_im_bus WHERE id = $1', [
        payload.slice(1),
      ]);
      if (!row) return;
      text = row.payload;
    }
    const msg = JSON.parse(text, reviver) as { n: string; e?: BusEvent; hello?: boolean };
    if (msg.n === this.node) return;
    this.othersAlive = true;
    this.heardAt = Date.now();
    if (msg.e) for (const h of this.handlers) h(msg.e);
  }

  async close(): Promise<void> {
    await this.stop?.();
  }
}
