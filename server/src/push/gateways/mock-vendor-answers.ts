import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request one of the mock gateways received. */
export interface VendorSeen {
  gateway: 'fcm' | 'hms' | 'mi';
  devices: string[];
  headers: IncomingMessage['headers'];
  body: Record<string, unknown>;
  at: number;
}

/** What the HMS and Xiaomi mock answers share with the mock server (mock-vendors.ts). */
export interface MockState {
  seen: VendorSeen[];
  /** The first request naming a device with this prefix. */
  firstTime(gateway: string, devices: string[], prefix: string): boolean;
  remember(gateway: string, devices: string[]): void;
  hmsToken(authorization: string, app: string): 'accepted' | 'expired' | 'refused';
  miAppSecret: string;
}

export const json = (
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

/**
 * Push Kit v1 `messages:send`. Codes and body shapes from HMS-Core/hms-push-serverdemo-java
 * (ResponceCodeProcesser.java), the send API reference (https-send-api-0000001050986197) and the
 * HTTP table of the push API response page: 401 for refused access tokens, 503 for traffic
 * control, 500 for internal errors, 400 with a result code for a refused message. Devices
 * `code-<n>` get result code n.
 */
export function hmsAnswer(
  s: MockState,
  req: IncomingMessage,
  res: ServerResponse,
  app: string,
  text: string,
) {
  const body = JSON.parse(text) as { message: { token?: string[] } };
  const devices = body.message.token ?? [];
  s.seen.push({ gateway: 'hms', devices, headers: req.headers, body, at: Date.now() });
  const requestId = String(s.seen.length);
  const token = s.hmsToken(String(req.headers.authorization ?? ''), app);
  if (token === 'refused')
    return json(res, 401, { code: '80200001', msg: 'Oauth authentication error', requestId });
  if (token === 'expired') return json(res, 401, { code: '80200003', msg: 'Oauth Token expired', requestId });
  if (devices.length < 1 || devices.length > 1000)
    return json(res, 400, { code: '80300010', msg: 'Tokens exceed the default value', requestId });
  if (Buffer.byteLength(JSON.stringify({ ...body, message: { ...body.message, token: undefined } })) > 4096)
    return json(res, 400, {
      code: '80300008',
      msg: 'The message body size exceeds the default value',
      requestId,
    });
  const busy = s.firstTime('hms', devices, 'busy');
  const down = s.firstTime('hms', devices, 'down');
  s.remember('hms', devices);
  // Traffic control: Huawei documents the status only, not a body.
  if (busy) return json(res, 503, { msg: 'Flow control' });
  if (down) return json(res, 500, { code: '81000001', msg: 'System inner error', requestId });
  const coded = devices.find((d) => d.startsWith('code-'));
  if (coded) return json(res, 400, { code: coded.slice(5), msg: 'refused by the mock', requestId });
  const illegal = devices.filter((d) => d.startsWith('gone'));
  if (illegal.length === devices.length)
    return json(res, 400, { code: '80300007', msg: 'All the tokens are invalid', requestId });
  if (illegal.length)
    return json(res, 200, {
      code: '80100000',
      msg: JSON.stringify({
        success: devices.length - illegal.length,
        failure: illegal.length,
        illegal_tokens: illegal,
      }),
      requestId,
    });
  return json(res, 200, { code: '80000000', msg: 'Success', requestId });
}

/**
 * MiPush `/v3/message/regid`: a JSON answer with `result`, `code`, `reason`/`description`,
 * `data.id`, `trace_id`, `info`. Codes from Xiaomi's server error code page
 * (https://dev.mi.com/xiaomihyperos/documentation/detail?pId=1560): 21301 authentication failed,
 * 10027 API called too often; the HTTP status of refusals is not documented and is 200 here, so
 * the adapter must read the code. Unknown regids are listed in `data.bad_regids` as community
 * server SDKs read them; Xiaomi's pages do not document that member.
 */
export function miAnswer(s: MockState, req: IncomingMessage, res: ServerResponse, text: string) {
  const f = Object.fromEntries(new URLSearchParams(text));
  const devices = (f.registration_id ?? '').split(',');
  s.seen.push({ gateway: 'mi', devices, headers: req.headers, body: f, at: Date.now() });
  const trace_id = `Xcm${s.seen.length}`;
  if (req.headers.authorization !== `key=${s.miAppSecret}`)
    return json(res, 200, {
      result: 'error',
      code: 21301,
      reason: 'Authentication failed',
      description: '认证失败',
      trace_id,
    });
  const busy = s.firstTime('mi', devices, 'busy');
  const down = s.firstTime('mi', devices, 'down');
  s.remember('mi', devices);
  if (busy)
    return json(res, 200, {
      result: 'error',
      code: 10027,
      reason: 'The API was called too frequently',
      description: '应用的API调用太频繁',
      trace_id,
    });
  if (down) return json(res, 502, { result: 'error' });
  const coded = devices.find((d) => d.startsWith('code-'));
  if (coded)
    return json(res, 200, {
      result: 'error',
      code: Number(coded.slice(5)),
      reason: 'refused by the mock',
      trace_id,
    });
  const bad = devices.filter((d) => d.startsWith('gone')).join(',');
  return json(res, 200, {
    result: 'ok',
    trace_id,
    code: 0,
    data: { id: `m${s.seen.length}`, ...(bad ? { bad_regids: bad } : {}) },
    description: '成功',
    info: `Received push messages for ${devices.length} REGID`,
  });
}
