import type { Server } from '../app';
import { seedDemoActivity } from './demo-activity';

interface Keys {
  appId: string;
  masterKey: string;
}

/** A typed text message as LeanCloud's SDKs send it. */
const text = (t: string) => JSON.stringify({ _lctype: -1, _lctext: t });

/**
 * Conversations of the demo shop's users, so the console's messaging area has something to show:
 * a group with history (typed messages, a mention, a muted member), a one-to-one conversation, a
 * chat room, and a service conversation with subscribers, subscriber broadcasts and a global
 * broadcast. Written through the REST API with the master key, as an app's server would; the
 * pair's older history, past logins and online samples go straight into the tables.
 */
export async function seedDemoMessaging(server: Server, keys: Keys): Promise<void> {
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await server.http.inject({
      method,
      url,
      headers: {
        'x-lc-id': keys.appId,
        'x-lc-key': `${keys.masterKey},master`,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    if (res.statusCode !== 200)
      throw new Error(`demo messaging: ${method} ${url} answered ${res.statusCode}: ${res.body}`);
    return res.json<Record<string, unknown>>();
  };
  const users = (await call('GET', '/1.1/users?order=createdAt&limit=10')).results as {
    objectId: string;
    username: string;
  }[];
  const [a, b, c, d] = users.map((u) => u.objectId);
  if (!a || !b || !c || !d) return;
  const send = (path: string, from: string, message: string, extra: Record<string, unknown> = {}) =>
    call('POST', `${path}/messages`, { from_client: from, message, ...extra });

  const group = `/1.2/rtm/conversations/${(await call('POST', '/1.2/rtm/conversations', { name: 'Shop staff', c: a, m: [a, b, c, d] })).objectId as string}`;
  const groupLines: [string, string][] = [
    [a, text('Morning all! The spring catalogue goes live today.')],
    [b, text('Great. Are the new lamps in stock?')],
    [
      c,
      JSON.stringify({
        _lctype: -2,
        _lctext: 'Shelf photo',
        _lcfile: {
          url: 'https://example.com/demo/shelf.jpg',
          metaData: { name: 'shelf.jpg', size: 48213, width: 800, height: 600, format: 'jpg' },
        },
      }),
    ],
    [
      d,
      JSON.stringify({
        _lctype: -5,
        _lctext: 'Pop-up store',
        _lcloc: { latitude: 31.2304, longitude: 121.4737 },
      }),
    ],
    [a, JSON.stringify({ kind: 'order-note', order: 'SO-1042', status: 'delayed' })],
    [
      b,
      JSON.stringify({
        _lctype: -6,
        _lcfile: {
          url: 'https://example.com/demo/prices.pdf',
          metaData: { name: 'prices.pdf', size: 120440 },
        },
      }),
    ],
    [c, 'plain text from an old client'],
  ];
  for (let i = 0; i < 3; i++) for (const [from, message] of groupLines) await send(group, from, message);
  await send(group, a, text(`Stock check at 5, please.`), { mention_client_ids: [b, c] });
  await call('POST', `${group}/mutes`, { client_ids: [d] });

  const pair = await call('POST', '/1.2/rtm/conversations', {
    name: 'alice & bo',
    c: a,
    m: [a, b],
    unique: true,
  });
  const pairPath = `/1.2/rtm/conversations/${pair.objectId as string}`;
  await send(pairPath, a, text('Can you cover my shift on Friday?'));
  await send(pairPath, b, text('Sure, no problem.'));
  // A month of their chat before today, and logins and online clients, for the overview's charts.
  await seedDemoActivity(server.sql, {
    convId: pair.objectId as string,
    senders: [a, b],
    users: users.map((u) => u.objectId),
    now: server.clock.now().getTime(),
  });

  const room = `/1.2/rtm/chatrooms/${(await call('POST', '/1.2/rtm/chatrooms', { name: 'Deals lobby', c: a })).objectId as string}`;
  await send(room, c, text('Any deals on headphones this week?'));
  await send(room, d, text('20% off until Sunday.'));

  const news = (await call('POST', '/1.2/rtm/service-conversations', { name: 'Shop news', c: a }))
    .objectId as string;
  const service = `/1.2/rtm/service-conversations/${news}`;
  for (const u of [a, b, c, d]) await call('POST', `${service}/subscribers`, { client_id: u });
  await call('POST', `${service}/broadcasts`, {
    from_client: 'shop',
    message: text('New arrivals every Monday.'),
  });
  await call('POST', `${service}/messages`, {
    from_client: 'shop',
    message: text('Your order has shipped.'),
    to_clients: [b],
  });
  await call('POST', '/1.2/rtm/broadcasts', {
    from_client: 'shop',
    conv_id: news,
    message: text('Spring sale: 30% off everything.'),
  });
}
