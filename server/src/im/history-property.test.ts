import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { reset } from '../push/test-helpers';
import { modelHistory } from './history-model';
import type { ModelMessage, ModelQuery } from './history-model';
import { storeMessage } from './messages';
import { history, ids, IM, newConversation } from './test-helpers';

/**
 * History pages of the real server (PGlite or Postgres) against history-model.ts, for random
 * messages (several conversations, receive times that collide within and across conversations)
 * and random parameters: the same messages in the same order, in one conversation and app-wide.
 */
let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  await reset(t);
});
afterAll(() => t.close());

const BASE = 1_700_000_000_000;

const bound = fc.oneof(
  fc.constant<{ kind: 'none' }>({ kind: 'none' }),
  fc.record({ kind: fc.constant<'msg'>('msg'), pick: fc.nat() }),
  fc.record({ kind: fc.constant<'ts'>('ts'), offset: fc.integer({ min: -2, max: 40 }) }),
);
const queryArb = fc.record({
  start: bound,
  end: bound,
  include_start: fc.boolean(),
  include_stop: fc.boolean(),
  reversed: fc.boolean(),
  limit: fc.integer({ min: 1, max: 12 }),
});
const scenario = fc.record({
  // [conversation 0..2, receive time offset]: same offsets in one conversation get bumped.
  messages: fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 30 })), {
    minLength: 1,
    maxLength: 15,
  }),
  queries: fc.array(queryArb, { minLength: 1, maxLength: 4 }),
});

type GenBound = { kind: 'none' } | { kind: 'msg'; pick: number } | { kind: 'ts'; offset: number };

function resolveBound(b: GenBound, msgs: ModelMessage[]): { ts?: number; id?: string } {
  if (b.kind === 'none') return {};
  if (b.kind === 'ts') return { ts: BASE + b.offset };
  const m = msgs[b.pick % msgs.length]!;
  return { ts: m.ts, id: m.id };
}

describe('history paging against the model', () => {
  it('same messages, same order, for random messages and parameters', async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        await t.server.sql.exec('DELETE FROM lc_im_messages; DELETE FROM lc_im_conv_state;');
        const convs = [
          await newConversation(t, { m: ['a', 'b'] }),
          await newConversation(t, { m: ['a', 'c'] }),
          await newConversation(t, { m: ['b', 'c'] }),
        ];
        const byConv: ModelMessage[][] = [[], [], []];
        const all: ModelMessage[] = [];
        for (const [c, offset] of s.messages) {
          const sent = await storeMessage(
            t.server.sql,
            { convId: convs[c]!, kind: 'conv', from: 'a', data: 'x' },
            BASE + offset,
          );
          if (!sent) throw new Error(`conversation ${convs[c]} is gone`);
          const m = { id: sent.msgId, ts: sent.ts };
          byConv[c]!.push(m);
          all.push(m);
        }
        for (const g of s.queries) {
          for (const [path, msgs] of [
            [`${IM}/messages`, all],
            [`${IM}/conversations/${convs[0]}/messages`, byConv[0]!],
          ] as const) {
            const pool = msgs.length ? msgs : all;
            const start = resolveBound(g.start, pool);
            const end = resolveBound(g.end, pool);
            const q: ModelQuery = {
              msgid: start.id,
              timestamp: start.ts,
              till_msgid: end.id,
              till_timestamp: end.ts,
              include_start: g.include_start,
              include_stop: g.include_stop,
              reversed: g.reversed,
              limit: g.limit,
            };
            const params = Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined));
            const got = ids(await history(t, path, params));
            expect(got, `${path} ${JSON.stringify(params)}`).toEqual(modelHistory(msgs, q));
          }
        }
      }),
      { numRuns: Number(process.env.IM_PROP_RUNS ?? 25) },
    );
  });
});
