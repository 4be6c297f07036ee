// The real `leancloud-storage` SDK with conversations: AV.Conversation#save (POST
// /1.1/classes/_Conversation), #send and #broadcast (the 1.1 forms), and the 1.2 history showing them.
import { describe, expect, it } from 'vitest';
import { only, useSdkServer } from '../sdk/helpers';
import { AV } from '../sdk/setup';
import { history, ids, IM } from './test-helpers';

const { sdk, sent } = useSdkServer();
const master = { useMasterKey: true };

describe('the SDK with conversations', () => {
  it('AV.Conversation#save creates a conversation (201) that the 1.2 API lists with its members', async () => {
    const conv = new AV.Conversation('sdk chat');
    conv.addMember('test1');
    conv.addMember('test2');
    const reqs = await sent(() => conv.save());
    expect(only(reqs)).toMatchObject({ method: 'POST', path: '/1.1/classes/_Conversation', status: 201 });
    const listed = await sdk().t.request('GET', `${IM}/conversations`, {
      auth: 'master',
      query: { where: { objectId: conv.id } },
    });
    expect((listed.json.results as { m: string[] }[])[0]?.m).toEqual(['test1', 'test2']);
  });

  it('#send posts to /1.1/rtm/messages, answers {result: {msg-id, timestamp}}, and the message is in the history', async () => {
    const conv = new AV.Conversation('sdk send');
    conv.addMember('alice');
    await conv.save();
    const reqs = await sent(() => conv.send('alice', 'hello from the SDK', {}, master));
    const req = only(reqs);
    expect(req).toMatchObject({ method: 'POST', path: '/1.1/rtm/messages', status: 200 });
    const result = (req.response as { result: { 'msg-id': string; timestamp: number } }).result;
    expect(typeof result.timestamp).toBe('number');
    const recs = await history(sdk().t, `${IM}/conversations/${conv.id}/messages`);
    expect(ids(recs)).toEqual([result['msg-id']]);
    expect(recs[0]).toMatchObject({ data: 'hello from the SDK', from: 'alice', timestamp: result.timestamp });
    // A rich message object is sent as its JSON string.
    await conv.send('alice', { _lctype: -1, _lctext: 'rich' }, {}, master);
    const [newest] = await history(sdk().t, `${IM}/conversations/${conv.id}/messages`, { limit: 1 });
    expect(JSON.parse(newest?.data as string)).toEqual({ _lctype: -1, _lctext: 'rich' });
    // Without the master key the send is refused.
    await expect(conv.send('alice', 'no key')).rejects.toMatchObject({ code: 403 });
  });

  it('#send with toClients in a system conversation reaches only them; #broadcast is a global broadcast', async () => {
    const sys = new AV.Conversation('sdk system', { isSystem: true } as never);
    await sys.save();
    expect(sys.get('sys')).toBe(true);
    await conv11Send(sys, 'user1');
    const subscriber = (c: string) => `${IM}/service-conversations/${sys.id}/subscribers/${c}/messages`;
    expect((await history(sdk().t, subscriber('user1'))).map((r) => r.data)).toEqual(['just user1']);
    expect(await history(sdk().t, subscriber('user2'))).toEqual([]);

    const reqs = await sent(() => sys.broadcast('admin', 'to everyone', {}, master));
    expect(only(reqs)).toMatchObject({ method: 'POST', path: '/1.1/rtm/broadcast', status: 200 });
    const listed = await sdk().t.request('GET', `${IM}/broadcasts`, {
      auth: 'master',
      query: { conv_id: sys.id },
    });
    expect((listed.body as { message: string }[]).map((b) => b.message)).toEqual(['to everyone']);
  });
});

async function conv11Send(conv: AV.Conversation, to: string): Promise<void> {
  await conv.send('admin', `just ${to}`, { toClients: [to] }, master);
}
