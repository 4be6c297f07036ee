import type { Sql } from '@switchboard/shared/sql';
import type { Clock } from '../lib/clock';
import type { OwnChannelOutlet } from '../push/gateways/types';
import { androidInstallations, ownChannelStanding } from '../push/installations/lookup';
import { updateRecord } from '../push/records';
import type { Bus, BusEvent } from './bus';
import { RtmCode, RtmError } from './codes';
import type { Connection } from './connection';
import type { Command } from './proto/codec';

/** LeanCloud installationIds are UUIDs or 32 hex digits; anything printable up to 64 is taken. */
const INSTALLATION_ID = /^[\x21-\x7e]{1,64}$/;
/** Messages a device gets per `data` command, and waiting messages sent at one login. */
const PER_COMMAND = 20;
const PER_LOGIN = 500;
/** Message ids one acknowledgement may carry. */
const MAX_ACK_IDS = 100;

interface Waiting {
  push_id: string;
  payload: string;
}

/**
 * The own Android channel on the realtime gateway. An Android SDK without a vendor channel opens
 * the connection, sends `login` with its installationId (no client id, no session), and gets the
 * pushes for that installation as `data` commands (`ids` the push ids, `msg` each payload's JSON);
 * it answers each with an `ack` carrying the ids. What waited while the device was away comes at
 * its login, flagged `offline`, as long as the push has not expired.
 *
 * Which installations are connected is known per process; the push engine's adapter tells every
 * process through the bus, and the one holding the device sends it.
 */
export class DeviceChannel implements OwnChannelOutlet {
  private readonly byInstallation = new Map<string, Set<Connection>>();
  private readonly installationOf = new WeakMap<Connection, string>();

  constructor(
    private readonly sql: Sql,
    private readonly bus: Bus,
    private readonly clock: Clock,
    private readonly log: (err: unknown) => void,
  ) {
    bus.subscribe((e) => {
      if (e.t === 'own') this.deliver(e).catch(log);
    });
  }

  offer(pushId: string, installations: string[]): void {
    this.bus.publish({ t: 'own', push: pushId, installations });
  }

  /** How many device connections this process holds. */
  connected(): number {
    return this.byInstallation.size;
  }

  /**
   * `login`: the connection speaks for one installation from now on. Only an Android installation
   * the app has saved may log in: a made-up installationId would otherwise hold the push channel
   * of a device that does not exist (or, named after a real one, receive its pushes once that is
   * deleted). A refusal leaves the connection open for IM; the SDK logs in again when it
   * reconnects, by when it has saved its installation.
   */
  async login(appId: string, conn: Connection, cmd: Command): Promise<void> {
    const id = cmd.installationId;
    if (typeof id !== 'string' || !INSTALLATION_ID.test(id))
      throw new RtmError(RtmCode.InvalidLogin, 'installationId must be 1 to 64 printable characters.');
    if (cmd.appId !== undefined && cmd.appId !== appId)
      throw new RtmError(RtmCode.AppNotAvailable, `This server serves app ${appId}, not ${cmd.appId}.`);
    const standing = await ownChannelStanding(this.sql, id);
    if (standing.kind === 'missing')
      throw new RtmError(
        RtmCode.InvalidLogin,
        `No installation ${id} in this app: save it (POST /1.1/installations) before logging in for pushes.`,
      );
    if (standing.kind === 'other')
      throw new RtmError(
        RtmCode.InvalidLogin,
        `Installation ${id} has deviceType ${standing.deviceType}: only Android installations get pushes over this connection.`,
      );
    this.forget(conn);
    this.installationOf.set(conn, id);
    let set = this.byInstallation.get(id);
    if (!set) this.byInstallation.set(id, (set = new Set()));
    set.add(conn);
    // service 0 marks the answer as the push service's (the SDK reads pushDisabled from it).
    conn.send({ cmd: 'loggedin', service: 0, ...(cmd.i ? { i: cmd.i } : {}) });
    const rows = await this.sql.query<Waiting>(
      `SELECT push_id, payload::text AS payload FROM lc_push_own
        WHERE installation_id = $1 AND acked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)
        ORDER BY created_at, push_id LIMIT ${PER_LOGIN}`,
      [id, this.clock.now()],
    );
    this.send(conn, rows, true);
  }

  /** `ack` of pushes: marks them received and counts each push's success once. */
  async ack(conn: Connection, cmd: Command): Promise<void> {
    const id = this.installationOf.get(conn);
    if (!id) throw new RtmError(RtmCode.SessionRequired, 'Log in (login with the installationId) first.');
    if (cmd.installationId !== undefined && cmd.installationId !== id)
      throw new RtmError(RtmCode.InvalidLogin, 'A device acknowledges its own pushes only.');
    const raw = (cmd.ackMessage as { ids?: unknown } | undefined)?.ids;
    const ids = [...new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : [])];
    if (ids.length === 0 || ids.length > MAX_ACK_IDS)
      throw new RtmError(RtmCode.InvalidLogin, `ack carries 1 to ${MAX_ACK_IDS} message ids.`);
    const now = this.clock.now();
    await this.sql.transaction(async (tx) => {
      const acked = await tx.query<{ push_id: string }>(
        `UPDATE lc_push_own SET acked_at = $3
          WHERE installation_id = $1 AND push_id = ANY($2::text[]) AND acked_at IS NULL
          RETURNING push_id`,
        [id, ids, now],
      );
      // In id order, so two acknowledgements of the same pushes lock their records alike.
      for (const pushId of acked.map((r) => r.push_id).sort())
        await updateRecord(tx, pushId, { tally: { successes: { lc: 1 } }, now });
    });
  }

  /** The connection closed (or logs in again): it no longer speaks for its installation. */
  forget(conn: Connection): void {
    const id = this.installationOf.get(conn);
    if (!id) return;
    this.installationOf.delete(conn);
    const set = this.byInstallation.get(id);
    set?.delete(conn);
    if (set && set.size === 0) this.byInstallation.delete(id);
  }

  /**
   * A push for some installations: the ones connected here get it now. A connection whose
   * installation has been deleted since its login is logged out of the channel instead.
   */
  private async deliver(e: Extract<BusEvent, { t: 'own' }>): Promise<void> {
    const connected = e.installations.filter((id) => this.byInstallation.has(id));
    if (connected.length === 0) return;
    const live = await androidInstallations(this.sql, connected);
    for (const id of connected)
      if (!live.has(id)) for (const conn of [...(this.byInstallation.get(id) ?? [])]) this.forget(conn);
    const here = connected.filter((id) => live.has(id));
    if (here.length === 0) return;
    const rows = await this.sql.query<Waiting & { installation_id: string }>(
      `SELECT installation_id, push_id, payload::text AS payload FROM lc_push_own
        WHERE push_id = $1 AND installation_id = ANY($2::text[]) AND acked_at IS NULL`,
      [e.push, here],
    );
    for (const row of rows)
      for (const conn of this.byInstallation.get(row.installation_id) ?? []) this.send(conn, [row], false);
  }

  private send(conn: Connection, rows: Waiting[], offline: boolean): void {
    for (let k = 0; k < rows.length; k += PER_COMMAND) {
      const part = rows.slice(k, k + PER_COMMAND);
      conn.send({
        cmd: 'data',
        dataMessage: {
          ids: part.map((r) => r.push_id),
          msg: part.map((r) => ({ data: r.payload })),
          ...(offline ? { offline: true } : {}),
        },
      });
    }
  }
}
