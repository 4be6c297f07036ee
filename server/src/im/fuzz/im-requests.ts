import fc from 'fast-check';
import type { FuzzRequest } from '../../test/fuzz/common';
import { anyNumber, anyString, junk, paramString, rawBody } from '../../test/fuzz/index';
import { encodeSegment } from '../../test/fuzz/paths';
import type { AuthMode } from '../../test/harness';

// Every /1.2/rtm and /1.1/rtm endpoint with random path segments, query parameters and bodies:
// bodies are records of the endpoint's own members (each maybe of the wrong type), or raw junk.

/** Ids the fuzz reaches (filled in before the first run): real ones, so requests get past lookups. */
export const seeds = { conv: [] as string[], room: [] as string[], svc: [] as string[], msg: [] as string[] };

const auth = fc.constantFrom<AuthMode>('master', 'master', 'master', 'app', 'none');
const member = (values: fc.Arbitrary<unknown>) =>
  fc.oneof({ weight: 3, arbitrary: values }, { weight: 1, arbitrary: junk });
const clientArb = fc.oneof(fc.constantFrom('alice', 'bob', 'sub', ''), anyString);
const clients = fc.oneof(
  fc.array(clientArb, { maxLength: 4 }),
  fc.array(fc.constant('c'), { minLength: 19, maxLength: 25 }),
);
const tsArb = fc.oneof(anyNumber, fc.integer({ min: 0, max: 2 ** 41 }));

const bodyMembers: Record<string, fc.Arbitrary<unknown>> = {
  from_client: clientArb,
  from_peer: clientArb,
  message: fc.oneof(anyString, fc.constant('x'.repeat(6000)), fc.constant('{"_lctype":-1}')),
  transient: fc.boolean(),
  no_sync: fc.boolean(),
  push_data: fc.oneof(fc.constant({ alert: 'a' }), anyString),
  push: fc.oneof(fc.constant({ alert: 'a' }), anyString),
  priority: fc.constantFrom('high', 'LOW', 'urgent'),
  mention_all: fc.boolean(),
  mention_client_ids: clients,
  to_clients: clients,
  to_peers: clients,
  client_ids: clients,
  client_id: clientArb,
  timestamp: tsArb,
  valid_till: tsArb,
  conv_id: fc.oneof(anyString, fc.constantFrom('conv', 'svc')),
  msg_id: fc.oneof(anyString, fc.constant('msg')),
  recall: fc.boolean(),
  reason: fc.oneof(anyString, fc.constant('r'.repeat(21))),
  name: anyString,
  m: clients,
  unique: fc.boolean(),
  tr: fc.boolean(),
  sys: fc.boolean(),
};
const body = fc.oneof(
  {
    weight: 6,
    arbitrary: fc
      .dictionary(fc.constantFrom(...Object.keys(bodyMembers)), fc.constant(null), { maxKeys: 6 })
      .chain((keys) =>
        fc.record(Object.fromEntries(Object.keys(keys).map((k) => [k, member(bodyMembers[k]!)]))),
      )
      .map((b) => JSON.stringify(b)),
  },
  { weight: 1, arbitrary: rawBody },
);

const QUERY_NAMES = [
  'msgid',
  'timestamp',
  'till_msgid',
  'till_timestamp',
  'include_start',
  'include_stop',
  'reversed',
  'limit',
  'skip',
  'where',
  'client_id',
  'conv_id',
  'direction',
  'from_client',
  'session_token',
  'convid',
  'from',
  'max_ts',
  'nonce',
  'signature',
  'signature_ts',
  'days',
];
const query = fc.dictionary(
  fc.constantFrom(...QUERY_NAMES),
  fc.oneof(paramString, fc.constantFrom('true', '1001', '{"name":"x"}', '{"$bad":1}')),
  { maxKeys: 5 },
);

const ENDPOINTS: [string, string][] = [
  ['POST', '/1.2/rtm/conversations'],
  ['GET', '/1.2/rtm/conversations'],
  ['PUT', '/1.2/rtm/conversations/:conv'],
  ['DELETE', '/1.2/rtm/conversations/:conv'],
  ['POST', '/1.2/rtm/conversations/:conv/members'],
  ['DELETE', '/1.2/rtm/conversations/:conv/members'],
  ['GET', '/1.2/rtm/conversations/:conv/members'],
  ['POST', '/1.2/rtm/conversations/:conv/mutes'],
  ['DELETE', '/1.2/rtm/conversations/:conv/mutes'],
  ['GET', '/1.2/rtm/conversations/:conv/mutes'],
  ['POST', '/1.2/rtm/conversations/:conv/messages'],
  ['GET', '/1.2/rtm/conversations/:conv/messages'],
  ['PUT', '/1.2/rtm/conversations/:conv/messages/:msg'],
  ['PUT', '/1.2/rtm/conversations/:conv/messages/:msg/recall'],
  ['DELETE', '/1.2/rtm/conversations/:conv/messages/:msg'],
  ['POST', '/1.2/rtm/chatrooms'],
  ['GET', '/1.2/rtm/chatrooms'],
  ['PUT', '/1.2/rtm/chatrooms/:room'],
  ['DELETE', '/1.2/rtm/chatrooms/:room'],
  ['GET', '/1.2/rtm/chatrooms/:room/members'],
  ['GET', '/1.2/rtm/chatrooms/:room/members/online-count'],
  ['POST', '/1.2/rtm/chatrooms/:room/messages'],
  ['GET', '/1.2/rtm/chatrooms/:room/messages'],
  ['PUT', '/1.2/rtm/chatrooms/:room/messages/:msg'],
  ['PUT', '/1.2/rtm/chatrooms/:room/messages/:msg/recall'],
  ['DELETE', '/1.2/rtm/chatrooms/:room/messages/:msg'],
  ['POST', '/1.2/rtm/service-conversations'],
  ['GET', '/1.2/rtm/service-conversations'],
  ['PUT', '/1.2/rtm/service-conversations/:svc'],
  ['DELETE', '/1.2/rtm/service-conversations/:svc'],
  ['POST', '/1.2/rtm/service-conversations/:svc/subscribers'],
  ['DELETE', '/1.2/rtm/service-conversations/:svc/subscribers/:client'],
  ['GET', '/1.2/rtm/service-conversations/:svc/subscribers'],
  ['GET', '/1.2/rtm/service-conversations/:svc/subscribers/count'],
  ['POST', '/1.2/rtm/service-conversations/:svc/broadcasts'],
  ['POST', '/1.2/rtm/service-conversations/:svc/messages'],
  ['PUT', '/1.2/rtm/service-conversations/:svc/messages/:msg'],
  ['PUT', '/1.2/rtm/service-conversations/:svc/messages/:msg/recall'],
  ['DELETE', '/1.2/rtm/service-conversations/:svc/subscribers/:client/messages/:msg'],
  ['GET', '/1.2/rtm/service-conversations/:svc/subscribers/:client/messages'],
  ['POST', '/1.2/rtm/clients/check-online'],
  ['GET', '/1.2/rtm/clients/:client/unread-count'],
  ['POST', '/1.2/rtm/clients/:client/kick'],
  ['GET', '/1.2/rtm/clients/:client/service-conversations'],
  ['POST', '/1.2/rtm/clients/:client/blacklists'],
  ['DELETE', '/1.2/rtm/clients/:client/blacklists'],
  ['GET', '/1.2/rtm/clients/:client/blacklists'],
  ['GET', '/1.2/rtm/clients/sign'],
  ['POST', '/1.1/rtm/sign'],
  ['GET', '/1.2/rtm/clients/:client/messages'],
  ['GET', '/1.2/rtm/stats'],
  ['GET', '/1.1/switchboard/im/stats'],
  ['GET', '/1.2/rtm/all-conversations'],
  ['POST', '/1.2/rtm/broadcasts'],
  ['GET', '/1.2/rtm/broadcasts'],
  ['DELETE', '/1.2/rtm/broadcasts/:msg'],
  ['GET', '/1.2/rtm/messages'],
  ['POST', '/1.1/rtm/messages'],
  ['GET', '/1.1/rtm/messages/history'],
  ['POST', '/1.1/rtm/broadcast'],
  ['POST', '/1.1/rtm/broadcast/subscriber'],
  ['PUT', '/1.1/rtm/patch/message'],
  ['POST', '/1.1/rtm/patch/message'],
];

const segment = (pool: () => string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.nat().map((n) => pool()[n % Math.max(1, pool().length)] ?? 'none') },
    { weight: 1, arbitrary: anyString.map((s) => encodeSegment(s) || 'x') },
  );

export const imRequest: fc.Arbitrary<FuzzRequest> = fc
  .record({
    endpoint: fc.constantFrom(...ENDPOINTS),
    conv: segment(() => seeds.conv),
    room: segment(() => seeds.room),
    svc: segment(() => seeds.svc),
    msg: segment(() => seeds.msg),
    client: segment(() => ['alice', 'sub', 'bob']),
    query,
    body,
    auth,
  })
  .map((r): FuzzRequest => {
    const [method, template] = r.endpoint;
    const path = template.replace(
      /:(conv|room|svc|msg|client)/g,
      (_, k: 'conv' | 'room' | 'svc' | 'msg' | 'client') => r[k],
    );
    const withBody = method !== 'GET';
    return {
      kind: `im ${method} ${template}`,
      method,
      path,
      query: r.query,
      auth: r.auth,
      ...(withBody ? { headers: { 'Content-Type': 'application/json' }, body: r.body } : {}),
    };
  });
