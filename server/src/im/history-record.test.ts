// Doc 3 Message record as a history page answers it: every member, for every kind of stored row
// (recalled, sent to chosen clients, with mentions, binary, in a chat room), with content of any
// characters kept exactly; and the page's 404s for a missing conversation or one of another kind.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { history, IM, newConversation, newRoom } from './test-helpers';

let t: TestServer;
let conv: string;
let room: string;

const TS = 1_700_000_000_123;
const TRICKY = 'quote " backslash \\ newline \n tab \t nul-ish \u0001 emoji 😀 line-sep \u2028 中文';

async function store(row: {
  conv: string;
  ts: number;
  id: string;
  kind?: string;
  data?: string;
  toClients?: string[] | null;
  recalled?: boolean;
  bin?: boolean;
  extra?: unknown;
}): Promise<void> {
  await t.server.sql.query(
    `INSERT INTO lc_im_messages (conv_id, ts, msg_id, kind, from_client, data, to_clients, recalled, bin, from_ip, extra)
     VALUES ($1, $2, $3, $4, 'alice', $5, $6, $7, $8, '10.0.0.7', $9::jsonb)`,
    [
      row.conv,
      row.ts,
      row.id,
      row.kind ?? 'conv',
      row.data ?? 'hello',
      row.toClients ?? null,
      row.recalled ?? false,
      row.bin ?? false,
      row.extra === undefined ? null : JSON.stringify(row.extra),
    ],
  );
}

const base = (id: string, ts: number, convId: string, data = 'hello') => ({
  timestamp: ts,
  'conv-id': convId,
  data,
  from: 'alice',
  'msg-id': id,
  'is-conv': true,
  'is-room': false,
  to: convId,
  bin: false,
  'from-ip': '10.0.0.7',
});

beforeAll(async () => {
  t = await startTestServer();
  conv = await newConversation(t, { name: 'records', m: ['alice', 'bob'] });
  room = await newRoom(t, 'records-room');
  await store({ conv, ts: TS, id: 'plain', data: TRICKY });
  await store({ conv, ts: TS + 1, id: 'recalled', data: '', recalled: true });
  await store({ conv, ts: TS + 2, id: 'chosen', toClients: ['bob', 'carol'] });
  await store({
    conv,
    ts: TS + 3,
    id: 'mentions',
    extra: { mention_all: true, mention_client_ids: ['bob'] },
  });
  // Not Doc 3's forms: no mention members then.
  await store({
    conv,
    ts: TS + 4,
    id: 'odd-extra',
    extra: { mention_all: 'yes', mention_client_ids: 'bob' },
  });
  await store({ conv, ts: TS + 5, id: 'binary', data: 'AAEC', bin: true });
  await store({ conv: room, ts: TS, id: 'in-room', kind: 'room' });
});
afterAll(() => t.close());

describe('history records', () => {
  it('carry every Doc 3 member, and only the members a row has', async () => {
    const page = await history(t, `${IM}/conversations/${conv}/messages`, { reversed: true });
    expect(page).toEqual([
      base('plain', TS, conv, TRICKY),
      { ...base('recalled', TS + 1, conv, ''), recalled: true },
      { ...base('chosen', TS + 2, conv), to_clients: ['bob', 'carol'] },
      { ...base('mentions', TS + 3, conv), 'mention-all': true, 'mention-pids': ['bob'] },
      base('odd-extra', TS + 4, conv),
      { ...base('binary', TS + 5, conv, 'AAEC'), bin: true },
    ]);
    // Members in Doc 3's order, as before.
    expect(Object.keys(page[0] ?? {})).toEqual(Object.keys(base('x', 0, '')));
  });

  it('newest first by default, with the limit', async () => {
    const page = await history(t, `${IM}/conversations/${conv}/messages`, { limit: 2 });
    expect(page.map((r) => r['msg-id'])).toEqual(['binary', 'odd-extra']);
  });

  it("say a chat room's message is a room message", async () => {
    expect(await history(t, `${IM}/chatrooms/${room}/messages`)).toEqual([
      { ...base('in-room', TS, room), 'is-conv': false, 'is-room': true },
    ]);
  });

  it('answer an empty page for a conversation with no messages', async () => {
    const empty = await newConversation(t, { name: 'quiet', m: ['alice'] });
    expect(await history(t, `${IM}/conversations/${empty}/messages`)).toEqual([]);
  });

  it('answer 404 for a missing conversation, or one of another kind at this path', async () => {
    for (const path of [
      `${IM}/conversations/nope/messages`,
      `${IM}/conversations/${room}/messages`,
      `${IM}/chatrooms/${conv}/messages`,
    ]) {
      const r = await t.request('GET', path, { auth: 'master' });
      expect(r.status, path).toBe(404);
      expect(r.json.error).toMatch(/^No (conversation|chat room) with id /);
    }
    const v11 = await t.request('GET', '/1.1/rtm/messages/history', {
      auth: 'master',
      query: { convid: 'nope' },
    });
    expect(v11.status).toBe(404);
  });
});
