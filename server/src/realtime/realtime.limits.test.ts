// Bad input at the gateway: commands before session open, unknown commands, malformed and
// out-of-order frames (property-based), oversized frames, floods. The process stays up, answers
// with error commands or closes with a code, and other clients are unaffected.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IMClient } from 'leancloud-realtime';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { encodeCommand } from './proto/codec';
import type { Command } from './proto/codec';
import { RawClient } from './raw-client';
import { login, messageWithText, TextMessage, wsUrlOf } from './test-helpers';

let t: TestServer;
let url: string;
const BURST = 200;

beforeAll(async () => {
  // A budget that does not refill during the test: exactly BURST commands per connection.
  t = await startTestServer({
    realtime: { limits: { maxFrameBytes: 16 * 1024, commandsPerSecond: 0.001, commandBurst: BURST } },
  });
  url = wsUrlOf(t);
});
afterAll(() => t.close());

async function rawClient(framing: 'protobuf' | 'base64' = 'protobuf') {
  const c = new RawClient(url, framing);
  await c.opened;
  return c;
}

describe('the gateway refuses what it cannot serve', () => {
  it('answers commands before session open with SESSION_REQUIRED (4105) and their i', async () => {
    const c = await rawClient();
    for (const cmd of [
      { cmd: 'direct', i: 1, peerId: 'x', directMessage: { cid: 'c', msg: 'hi' } },
      { cmd: 'conv', op: 'start', i: 2, convMessage: { m: ['y'] } },
      { cmd: 'logs', i: 3, logsMessage: { cid: 'c' } },
    ] as Command[]) {
      const reply = await c.call(cmd);
      expect(reply).toMatchObject({ cmd: 'error', i: cmd.i, errorMessage: { code: 4105 } });
    }
    c.close();
  });

  it('answers an unknown command and a malformed frame with an error command and keeps serving', async () => {
    const c = await rawClient();
    expect(await c.call({ cmd: 'pubsub', op: 'subscribe', i: 7 })).toMatchObject({
      cmd: 'error',
      i: 7,
      errorMessage: { code: 4200 },
    });
    c.sendRaw(Buffer.from([0xff, 0xff, 0xff, 0xff, 0x0f]));
    const err = await c.next();
    expect(err.cmd).toBe('error');
    expect(String((err.errorMessage as { reason: string }).reason)).toMatch(/not a GenericCommand/);
    c.send({ cmd: 'direct', i: 9, peerId: 'x', directMessage: { cid: 'c', msg: 'a\0b' } });
    expect(String(((await c.next()).errorMessage as { reason: string }).reason)).toMatch(/NUL/);
    expect(await c.call({ cmd: 'echo', i: 8 })).toMatchObject({ cmd: 'echo', i: 8 });
    c.close();
  });

  it('speaks base64 text to lc.proto2base64.3 clients and refuses text that is not base64', async () => {
    const c = await rawClient('base64');
    const opened = await c.call({ cmd: 'session', op: 'open', i: 1, peerId: 'b64', appId: 'test-app-id' });
    expect(opened).toMatchObject({ cmd: 'session', op: 'opened', peerId: 'b64' });
    c.sendRaw('%%% not base64 %%%');
    expect(await c.next()).toMatchObject({ cmd: 'error' });
    expect(await c.call({ cmd: 'echo', i: 2 })).toMatchObject({ cmd: 'echo', i: 2 });
    c.close();
  });

  it('refuses an upgrade without a LeanCloud subprotocol (HTTP 400)', async () => {
    const c = new RawClient(url, 'protobuf', 'chat');
    await expect(c.opened).rejects.toThrow(/400/);
  });

  it('closes a connection that sends a frame over the size limit (1009)', async () => {
    const c = await rawClient();
    c.sendRaw(Buffer.alloc(17 * 1024, 1));
    expect((await c.closed).code).toBe(1009);
  });

  it('refuses commands past the connection budget (4113), then cuts a flooding connection off', async () => {
    const c = await rawClient();
    for (let i = 1; i <= BURST + 1; i += 1) c.send({ cmd: 'echo', i });
    const replies: Command[] = [];
    for (let i = 0; i <= BURST; i += 1) replies.push(await c.next());
    expect(replies.filter((r) => r.cmd === 'echo')).toHaveLength(BURST);
    // Refusals are immediate; served commands wait their turn, so the refusal may come first.
    expect(replies.filter((r) => r.cmd === 'error')).toMatchObject([
      { cmd: 'error', i: BURST + 1, errorMessage: { code: 4113 } },
    ]);
    for (let i = 0; i < BURST + 1; i += 1) c.send({ cmd: 'echo', i: 1000 + i });
    expect((await c.closed).code).toBe(4113);
  });
});

// Any GenericCommand the schema allows, with fields in any state (conversation ids: the real one or
// anything), and raw byte strings.
const commandArb = (cidArb: fc.Arbitrary<string>): fc.Arbitrary<Command> =>
  fc.record(
    {
      cmd: fc.constantFrom(
        'session',
        'conv',
        'direct',
        'ack',
        'rcp',
        'unread',
        'logs',
        'read',
        'patch',
        'echo',
        'goaway',
        'blacklist',
      ),
      op: fc.constantFrom(
        'open',
        'close',
        'query',
        'start',
        'add',
        'remove',
        'count',
        'max_read',
        'modify',
        'refresh',
        'update',
      ),
      i: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
      peerId: fc.oneof(
        fc.constant('fuzz'),
        fc.string({ maxLength: 80 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
      ),
      appId: fc.constantFrom('test-app-id', 'other', ''),
      sessionMessage: fc.record(
        { st: fc.string(), t: fc.integer(), s: fc.string(), n: fc.string(), tag: fc.string() },
        { requiredKeys: [] },
      ),
      directMessage: fc.record(
        {
          cid: cidArb,
          msg: fc.string({ unit: 'binary', maxLength: 200 }),
          r: fc.boolean(),
          transient: fc.boolean(),
        },
        { requiredKeys: [] },
      ),
      convMessage: fc.record(
        {
          cid: cidArb,
          m: fc.array(fc.string(), { maxLength: 5 }),
          transient: fc.boolean(),
          unique: fc.boolean(),
          limit: fc.integer(),
          skip: fc.integer(),
          where: fc.record({ data: fc.oneof(fc.string(), fc.constant('{"m":{"$in":["x"]}}')) }),
        },
        { requiredKeys: [] },
      ),
      logsMessage: fc.record(
        {
          cid: cidArb,
          t: fc.integer(),
          mid: fc.string(),
          limit: fc.integer(),
          direction: fc.constantFrom('OLD', 'NEW'),
        },
        { requiredKeys: [] },
      ),
      ackMessage: fc.record({ cid: cidArb, fromts: fc.integer(), tots: fc.integer() }, { requiredKeys: [] }),
      readMessage: fc.record(
        {
          cid: cidArb,
          convs: fc.array(fc.record({ cid: cidArb, timestamp: fc.integer() }), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      ),
      patchMessage: fc.record(
        {
          patches: fc.array(
            fc.record({
              cid: cidArb,
              mid: fc.string(),
              timestamp: fc.integer(),
              recall: fc.boolean(),
              data: fc.string(),
            }),
            { maxLength: 2 },
          ),
        },
        { requiredKeys: [] },
      ),
    },
    { requiredKeys: ['cmd'] },
  );
const frameArb = (cid: string) =>
  fc.oneof(
    commandArb(fc.oneof(fc.constant(cid), fc.string())).map((c) => Buffer.from(encodeCommand(c))),
    fc.uint8Array({ maxLength: 300 }).map((b) => Buffer.from(b)),
  );

describe('fuzz', () => {
  let bystander: IMClient;
  let sender: IMClient;

  it('malformed and out-of-order frames leave the process up and other clients served', async () => {
    bystander = await login(t, 'bystander');
    sender = await login(t, 'fuzz-sender');
    const conv = await sender.createConversation({ members: ['bystander', 'fuzz'] });
    await fc.assert(
      fc.asyncProperty(
        fc.boolean(),
        fc.array(frameArb(conv.id), { minLength: 1, maxLength: 8 }),
        async (open, frames) => {
          const c = await rawClient();
          // Half the runs throw their frames at an open session (peerId "fuzz"), in a conversation.
          if (open) {
            await c.call({ cmd: 'session', op: 'open', i: 1, peerId: 'fuzz' });
            c.send({ cmd: 'direct', peerId: 'fuzz', directMessage: { cid: conv.id, msg: 'x' } });
          }
          for (const f of frames) c.sendRaw(f);
          // The connection answers an echo after the junk, unless the junk closed it.
          // The junk may carry the probe's serial too (an error answer with that i): wait for the
          // echo itself.
          const echoed = async () => {
            c.send({ cmd: 'echo', i: 2 ** 31 - 1 });
            for (;;) if (String((await c.next()).cmd) === 'echo') return 'echo';
          };
          const outcome = await Promise.race([echoed(), c.closed.then(({ code }) => `closed ${code}`)]);
          expect(outcome === 'echo' || /^closed (1009|4113)$/.test(outcome)).toBe(true);
          // Every refusal names its cause: none is an unexpected failure.
          const internal = c.received.filter(
            (r) => (r.errorMessage as { reason?: string } | undefined)?.reason === 'Internal error.',
          );
          expect(internal).toEqual([]);
          c.close();
        },
      ),
      { numRuns: 60 },
    );
    // The bystander also got whatever the fuzz sent into the conversation; this one must come too.
    const atBystander = messageWithText(bystander, 'still served');
    const sent = await conv.send(new TextMessage('still served'));
    expect((await atBystander).id).toBe(sent.id);
    expect((await t.request('GET', '/healthz', { auth: 'none' })).status).toBe(200);
    await Promise.allSettled([bystander.close(), sender.close()]);
  });
});

describe('shutdown', () => {
  it('tells every connection to go away, then closes it (1001)', async () => {
    const c = await rawClient();
    await t.server.realtime.close();
    expect(await c.next()).toMatchObject({ cmd: 'goaway' });
    expect((await c.closed).code).toBe(1001);
  });
});
