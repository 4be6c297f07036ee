// The own Android push channel: a light protocol client plays the Android SDK without a vendor
// channel (login by installationId, `data` commands, `ack` of their ids), against the real push
// engine, on one server and across two servers on one database.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../app';
import type { Server } from '../app';
import { resolvePushConfig } from '../push/config';
import { androidDevice, install, iosDevice, push, record, settle } from '../push/test-helpers';
import { startTestServer, TEST_KEYS } from '../test/harness';
import type { TestServer } from '../test/harness';
import type { Command } from './proto/codec';
import { tableFor } from '../store/tables';
import { RawClient } from './raw-client';
import { wsUrlOf } from './test-helpers';

const pushConfig = resolvePushConfig({ lc: { _default: { gateway: 'realtime' } } }, {});
let t: TestServer;
let other: Server;
let otherUrl: string;
const devices: RawClient[] = [];

beforeAll(async () => {
  t = await startTestServer({ pushConfig });
  other = await createServer({ sql: t.server.sql, keys: TEST_KEYS, logLevel: 'silent', pushConfig });
  otherUrl = `${(await other.http.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')}/`;
});
afterAll(async () => {
  for (const d of devices) d.close();
  await other.close();
  await t.close();
});

let serial = 1;
/** What the Android SDK does on connecting: `login` with the app and its installationId. */
async function device(installationId: string, url = wsUrlOf(t)): Promise<RawClient> {
  const c = new RawClient(url);
  devices.push(c);
  await c.opened;
  const answer = await c.call({ cmd: 'login', i: serial++, appId: TEST_KEYS.appId, installationId });
  expect(answer).toMatchObject({ cmd: 'loggedin', service: 0 });
  return c;
}

/** The commands a client gets until the answer to an `echo` (commands are handled in order). */
async function until(c: RawClient): Promise<Command[]> {
  const i = serial++;
  c.send({ cmd: 'echo', i });
  const got: Command[] = [];
  for (;;) {
    const cmd = await c.next();
    if (cmd.cmd === 'echo' && cmd.i === i) return got;
    got.push(cmd);
  }
}

async function nextData(c: RawClient): Promise<Command> {
  for (;;) {
    const cmd = await c.next();
    if (cmd.cmd === 'data') return cmd;
  }
}

const payloadsOf = (cmd: Command) =>
  ((cmd.dataMessage as { msg: { data: string }[] }).msg ?? []).map(
    (m) => JSON.parse(m.data) as Record<string, unknown>,
  );
const idsOf = (cmd: Command) => (cmd.dataMessage as { ids: string[] }).ids;
const ack = (c: RawClient, installationId: string, ids: string[]) =>
  c.send({ cmd: 'ack', installationId, ackMessage: { ids } });

async function newDevice(channel: string): Promise<string> {
  const installationId = randomUUID();
  await install(t, androidDevice({ installationId, channels: [channel] }));
  return installationId;
}

describe('Android own-channel push over the realtime connection', () => {
  it('a connected device gets the push as a data command; its ack counts the success once', async () => {
    const iid = await newDevice('live');
    const c = await device(iid);
    const id = await push(t, { channels: ['live'], data: { alert: 'hello', extra: 1 } });
    await settle(t);
    const data = await nextData(c);
    expect(idsOf(data)).toEqual([id]);
    expect((data.dataMessage as { offline?: boolean }).offline).toBeFalsy();
    expect(payloadsOf(data)).toEqual([expect.objectContaining({ alert: 'hello', extra: 1 })]);
    // Handed over, not yet acknowledged: not counted.
    expect(await record(t, id)).toMatchObject({ status: 'done', devices: 1, successes: 0, lcSuccesses: 0 });
    ack(c, iid, [id]);
    ack(c, iid, [id]);
    await until(c);
    expect(await record(t, id)).toMatchObject({ successes: 1, lcSuccesses: 1 });
  });

  it('keeps what a device missed until it reconnects and acknowledges it, flagged offline', async () => {
    const iid = await newDevice('away');
    const first = await push(t, { channels: ['away'], data: { alert: 'one' } });
    const second = await push(t, { channels: ['away'], data: { alert: 'two' } });
    await settle(t);
    expect(await record(t, first)).toMatchObject({ status: 'done', successes: 0 });

    const c = await device(iid);
    const data = await nextData(c);
    expect((data.dataMessage as { offline?: boolean }).offline).toBe(true);
    expect(idsOf(data)).toEqual([first, second]);
    expect(payloadsOf(data).map((p) => p.alert)).toEqual(['one', 'two']);
    // Only the first acknowledged before the connection drops: the second comes again.
    ack(c, iid, [first]);
    await until(c);
    c.close();
    await c.closed;

    const again = await device(iid);
    const more = await nextData(again);
    expect(idsOf(more)).toEqual([second]);
    ack(again, iid, [second]);
    expect(await until(again)).toEqual([]);
    expect(await record(t, first)).toMatchObject({ successes: 1, lcSuccesses: 1 });
    expect(await record(t, second)).toMatchObject({ successes: 1, lcSuccesses: 1 });
    // Nothing is left for a later login.
    const last = await device(iid);
    expect(await until(last)).toEqual([]);
  });

  it('drops what waited past the push expiration', async () => {
    const iid = await newDevice('brief');
    const id = await push(t, { channels: ['brief'], expiration_interval: 60, data: { alert: 'soon stale' } });
    await settle(t);
    expect(await t.server.sql.query('SELECT 1 FROM lc_push_own WHERE push_id = $1', [id])).toHaveLength(1);
    const now = t.server.clock.now.bind(t.server.clock);
    t.server.clock.now = () => new Date(now().getTime() + 61_000);
    try {
      const c = await device(iid);
      expect(await until(c)).toEqual([]);
    } finally {
      t.server.clock.now = now;
    }
  });

  it('reaches a device connected to another server, whose ack counts on the shared record', async () => {
    const iid = await newDevice('far');
    const c = await device(iid, otherUrl);
    const id = await push(t, { channels: ['far'], data: { alert: 'across' } });
    await settle(t);
    const data = await nextData(c);
    expect(idsOf(data)).toEqual([id]);
    ack(c, iid, [id]);
    await until(c);
    expect(await record(t, id)).toMatchObject({ successes: 1, lcSuccesses: 1 });
  });

  it('refuses bad logins and acks with a clear error; a device cannot acknowledge another one', async () => {
    const c = new RawClient(wsUrlOf(t));
    devices.push(c);
    await c.opened;
    const noId = await c.call({ cmd: 'login', i: serial++, appId: TEST_KEYS.appId });
    expect(noId).toMatchObject({ cmd: 'error', errorMessage: { code: 4103 } });
    const tooLong = await c.call({ cmd: 'login', i: serial++, installationId: 'x'.repeat(65) });
    expect(tooLong).toMatchObject({ cmd: 'error', errorMessage: { code: 4103 } });
    const otherApp = await c.call({ cmd: 'login', i: serial++, appId: 'another-app', installationId: 'abc' });
    expect(otherApp).toMatchObject({ cmd: 'error', errorMessage: { code: 4100 } });
    const early = await c.call({ cmd: 'ack', i: serial++, ackMessage: { ids: ['x'] } });
    expect(early).toMatchObject({ cmd: 'error', errorMessage: { code: 4105 } });

    const victim = await newDevice('victim');
    const id = await push(t, { channels: ['victim'], data: { alert: 'mine' } });
    await settle(t);
    const thief = await device(await newDevice('thief'));
    const foreign = await thief.call({
      cmd: 'ack',
      i: serial++,
      installationId: victim,
      ackMessage: { ids: [id] },
    });
    expect(foreign).toMatchObject({ cmd: 'error', errorMessage: { code: 4103 } });
    const many = await thief.call({
      cmd: 'ack',
      i: serial++,
      ackMessage: { ids: Array.from({ length: 101 }, (_, k) => `id${k}`) },
    });
    expect(many).toMatchObject({ cmd: 'error', errorMessage: { code: 4103 } });
    // Acknowledging the victim's push id as itself touches nothing.
    thief.send({ cmd: 'ack', ackMessage: { ids: [id] } });
    await until(thief);
    expect(await record(t, id)).toMatchObject({ successes: 0 });
    // The connection stays usable, and the victim still gets its push.
    const v = await device(victim);
    expect(idsOf(await nextData(v))).toEqual([id]);
  });

  it('refuses a login naming no installation of the app, or one that is not Android; the connection stays usable', async () => {
    const c = new RawClient(wsUrlOf(t));
    devices.push(c);
    await c.opened;
    const unknown = randomUUID();
    const missing = await c.call({
      cmd: 'login',
      i: serial++,
      appId: TEST_KEYS.appId,
      installationId: unknown,
    });
    expect(missing).toMatchObject({
      cmd: 'error',
      errorMessage: { code: 4103, reason: expect.stringContaining(`No installation ${unknown}`) },
    });
    const iosId = randomUUID();
    await install(t, iosDevice({ installationId: iosId, channels: ['ios-only'] }));
    const ios = await c.call({ cmd: 'login', i: serial++, appId: TEST_KEYS.appId, installationId: iosId });
    expect(ios).toMatchObject({
      cmd: 'error',
      errorMessage: { code: 4103, reason: expect.stringContaining('only Android installations') },
    });
    // Nothing is sent to a refused login, even what waits for that id.
    await push(
      t,
      { prod: 'dev', device_type: 'android', device_ids: [unknown], data: { alert: 'to nobody' } },
      '/1.1/push/devices',
    );
    await settle(t);
    expect(await until(c)).toEqual([]);
    const refusedAck = await c.call({ cmd: 'ack', i: serial++, ackMessage: { ids: ['x'] } });
    expect(refusedAck).toMatchObject({ cmd: 'error', errorMessage: { code: 4105 } });
    // The same connection logs in once the installation is saved.
    await install(t, androidDevice({ installationId: unknown }));
    const ok = await c.call({ cmd: 'login', i: serial++, appId: TEST_KEYS.appId, installationId: unknown });
    expect(ok).toMatchObject({ cmd: 'loggedin', service: 0 });
    expect(payloadsOf(await nextData(c)).map((p) => p.alert)).toEqual(['to nobody']);
  });

  it('stops sending to a connection whose installation is deleted', async () => {
    const iid = await newDevice('gone');
    const c = await device(iid);
    const first = await push(t, { channels: ['gone'], data: { alert: 'before' } });
    await settle(t);
    expect(idsOf(await nextData(c))).toEqual([first]);
    ack(c, iid, [first]);
    await until(c);
    const [row] = await t.server.sql.query<{ id: string }>(
      `SELECT id FROM ${tableFor('_Installation')} WHERE data->>'installationId' = $1`,
      [iid],
    );
    const del = await t.request('DELETE', `/1.1/installations/${row!.id}`, { auth: 'master' });
    expect(del.status, del.text).toBe(200);
    // By id, as /1.1/push/devices names devices whether or not they are saved.
    const after = await push(
      t,
      { prod: 'dev', device_type: 'android', device_ids: [iid], data: { alert: 'after' } },
      '/1.1/push/devices',
    );
    await settle(t);
    expect(await until(c)).toEqual([]);
    // Logged out of the channel: its acks are refused, and a new login is too.
    const late = await c.call({ cmd: 'ack', i: serial++, ackMessage: { ids: [after] } });
    expect(late).toMatchObject({ cmd: 'error', errorMessage: { code: 4105 } });
    const again = await c.call({ cmd: 'login', i: serial++, appId: TEST_KEYS.appId, installationId: iid });
    expect(again).toMatchObject({ cmd: 'error', errorMessage: { code: 4103 } });
    expect(await record(t, after)).toMatchObject({ successes: 0 });
  });
});

describe('the status of a push with own-channel deliveries', () => {
  it('is done, not error, when its other devices failed while own-channel messages wait; acks then count', async () => {
    const iid = await newDevice('mixed');
    // This configuration serves only the own channel: iOS devices fail with a clear error.
    await install(t, iosDevice({ channels: ['mixed'] }));
    const id = await push(t, { channels: ['mixed'], data: { alert: 'mixed' } });
    await settle(t);
    const before = await record(t, id);
    expect(before).toMatchObject({ status: 'done', devices: 2, successes: 0, lcSuccesses: 0 });
    expect(before.errors).toEqual([expect.stringContaining('iOS configuration _default is missing')]);
    const c = await device(iid);
    const data = await nextData(c);
    expect(idsOf(data)).toEqual([id]);
    ack(c, iid, [id]);
    await until(c);
    expect(await record(t, id)).toMatchObject({ status: 'done', successes: 1, lcSuccesses: 1 });
  });

  it('is error when nothing was delivered and nothing waits', async () => {
    await install(t, iosDevice({ channels: ['ios-fails'] }));
    const id = await push(t, { channels: ['ios-fails'], data: { alert: 'lost' } });
    await settle(t);
    expect(await record(t, id)).toMatchObject({ status: 'error', devices: 1, successes: 0 });
  });
});
