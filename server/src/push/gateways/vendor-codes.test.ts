import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { illegalTokens } from './hms-codes';
import { createHms } from './hms';
import { startMockVendors } from './mock-vendors';
import type { DeliveryBatch, DeliveryGateway, DeliveryResult } from './types';
import { createXiaomi } from './xiaomi';

// Each HMS and Xiaomi result code the vendors document, as the local mock gateways answer it, ends
// as the engine result it means: delivered, dead token (installation removed), retried, or an
// error whose message says what to fix.

const HMS_SECRET = 'hms-secret-value';
const MI_SECRET = 'mi-secret-value';
let gw: Awaited<ReturnType<typeof startMockVendors>>;
const net = { timeoutMs: 2000, retries: 2, retryBaseMs: 1, maxRetryWaitMs: 100 };

beforeAll(async () => {
  gw = await startMockVendors({ hmsAppSecret: HMS_SECRET, miAppSecret: MI_SECRET });
});
afterAll(async () => {
  await gw?.close();
});

const hms = () =>
  createHms({
    channel: 'hms',
    name: '_default',
    options: { ...net, appId: 'hms-app', baseUrl: gw.url, authUrl: `${gw.url}/huawei/token` },
    secrets: new Map([['appSecret', HMS_SECRET]]),
  });
const xiaomi = (secret = MI_SECRET) =>
  createXiaomi({
    channel: 'mi',
    name: '_default',
    options: { ...net, packageName: 'com.example.app', baseUrl: gw.url },
    secrets: new Map([['appSecret', secret]]),
  });

const send = (
  g: DeliveryGateway,
  devices: string[],
  payload: unknown = { title: 'T', body: 'hi', custom: {} },
) => {
  const batch: DeliveryBatch = {
    push: { id: 'p', notificationId: 'n', prod: 'prod', expiresAt: null, sentAt: new Date() },
    channel: g.kind === 'hms' ? 'hms' : 'mi',
    profile: '_default',
    items: devices.map((d) => ({
      target: { key: d, deviceType: 'android', fields: {} },
      deviceId: d,
      payload,
      digest: 'same',
    })),
  };
  return g.send(batch, new AbortController().signal);
};
const requests = (gateway: 'hms' | 'mi', device: string) =>
  gw.seen.filter((s) => s.gateway === gateway && s.devices.includes(device)).length;
const statuses = (rs: DeliveryResult[]) => rs.map((r) => r.status);
const messages = (rs: DeliveryResult[]) => rs.map((r) => (r.status === 'error' ? r.message : ''));

describe('HMS result codes', () => {
  it('80100000 partial success: the illegal tokens are dead, the rest delivered', async () => {
    expect(statuses(await send(hms(), ['ok-p1', 'gone-p1', 'ok-p2']))).toEqual(['ok', 'invalidToken', 'ok']);
  });

  it('reads both forms of the illegal tokens Huawei lists, and only token faults kill a token', () => {
    expect([...illegalTokens('{"success":1,"failure":1,"illegal_tokens":["a"]}').dead]).toEqual(['a']);
    const grouped = illegalTokens(
      JSON.stringify({
        illegalTokens: { tokenFormatError: ['a'], noRight: ['b'], countryNotSupport: ['c'] },
      }),
    );
    expect([...grouped.dead]).toEqual(['a', 'b']);
    expect([...grouped.failed]).toEqual([['c', 'countryNotSupport']]);
    expect(illegalTokens('All the tokens are invalid').dead.size).toBe(0);
  });

  it('80300007 deletes a lone token but keeps a whole slice, naming the appId as the likely fault', async () => {
    expect(statuses(await send(hms(), ['gone-lone']))).toEqual(['invalidToken']);
    const many = await send(hms(), ['gone-a1', 'gone-a2']);
    expect(statuses(many)).toEqual(['error', 'error']);
    expect(messages(many)[0]).toMatch(
      /^HMS refused the message: 80300007 all tokens are invalid for all 2 tokens .*options\.appId.*kept$/,
    );
  });

  it('fetches a new access token when the old one expired mid-run (80200003)', async () => {
    const g = hms();
    expect(statuses(await send(g, ['ok-e1']))).toEqual(['ok']);
    const before = gw.tokenRequests.hms;
    gw.revokeTokens();
    expect(statuses(await send(g, ['ok-e2']))).toEqual(['ok']);
    expect(gw.tokenRequests.hms).toBe(before + 1);
    expect(requests('hms', 'ok-e2')).toBe(2);
  });

  it('80200001 for a fresh token too: a clear error after one refresh, not endless retries', async () => {
    const before = gw.tokenRequests.hms;
    gw.refuseHmsTokens(true);
    const rs = await send(hms(), ['ok-w1', 'ok-w2']).finally(() => gw.refuseHmsTokens(false));
    expect(statuses(rs)).toEqual(['error', 'error']);
    expect(messages(rs)[0]).toBe(
      'HMS refused a freshly fetched access token for HMS profile hms._default: check options.appId and the app secret',
    );
    expect(gw.tokenRequests.hms).toBe(before + 2);
    expect(requests('hms', 'ok-w1')).toBe(2);
  });

  it('retries traffic control (503) and internal errors (81000001)', async () => {
    expect(statuses(await send(hms(), ['busy-r1', 'ok-r1']))).toEqual(['ok', 'ok']);
    expect(requests('hms', 'busy-r1')).toBe(2);
    expect(statuses(await send(hms(), ['down-r2']))).toEqual(['ok']);
    expect(requests('hms', 'down-r2')).toBe(2);
  });

  it('refuses a message over 4096 bytes before sending it (80300008)', async () => {
    const rs = await send(hms(), ['ok-big'], { title: 'T', body: 'x'.repeat(5000), custom: {} });
    expect(statuses(rs)).toEqual(['error']);
    expect(messages(rs)[0]).toMatch(
      /^HMS takes at most 4096 bytes of message besides the tokens; this one has \d+/,
    );
    expect(requests('hms', 'ok-big')).toBe(0);
  });

  it('fails the slice once, with the meaning of the code, for refusals a retry cannot fix', async () => {
    for (const [code, meaning] of [
      ['80300008', 'the message body is larger than 4096 bytes'],
      ['80300010', 'the number of tokens is not between 1 and 1000'],
      ['80300002', 'the app may not send to these tokens'],
      ['80100003', 'message structure error'],
    ] as const) {
      const device = `code-${code}`;
      const rs = await send(hms(), [device, 'ok-c']);
      expect(statuses(rs)).toEqual(['error', 'error']);
      expect(messages(rs)[0]).toContain(`HMS refused the message: ${code} ${meaning}`);
      expect(requests('hms', device)).toBe(1);
    }
  });
});

describe('Xiaomi result codes', () => {
  it('0 delivers, and the regids MiPush lists as bad are dead', async () => {
    expect(statuses(await send(xiaomi(), ['ok-m1', 'gone-m1']))).toEqual(['ok', 'invalidToken']);
  });

  it('21301 authentication failed: one clear error naming the secret to check, never quoting it', async () => {
    const rs = await send(xiaomi('wrong-secret-value'), ['ok-m2']);
    expect(statuses(rs)).toEqual(['error']);
    expect(messages(rs)[0]).toBe(
      'Xiaomi refused the credentials of Xiaomi profile mi._default: 21301 authentication failed (Xiaomi: Authentication failed); check secretEnv.appSecret and options.packageName',
    );
    expect(messages(rs)[0]).not.toContain('wrong-secret-value');
    expect(requests('mi', 'ok-m2')).toBe(1);
  });

  it('retries 10027 (API called too often) and 5xx answers', async () => {
    expect(statuses(await send(xiaomi(), ['busy-m3']))).toEqual(['ok']);
    expect(requests('mi', 'busy-m3')).toBe(2);
    expect(statuses(await send(xiaomi(), ['down-m4']))).toEqual(['ok']);
    expect(requests('mi', 'down-m4')).toBe(2);
  });

  it('fails refusals a retry cannot fix once, saying what the code means', async () => {
    const rs = await send(xiaomi(), ['code-10034']);
    expect(messages(rs)).toEqual([
      'Xiaomi refused the message: 10034 the app sent too many messages today (Xiaomi: refused by the mock)',
    ]);
    expect(requests('mi', 'code-10034')).toBe(1);
  });
});
