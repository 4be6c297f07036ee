import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolvePushConfig } from '../config';
import { createFcm } from './fcm';
import { createHms } from './hms';
import type { DeliveryBatch, DeliveryGateway, ProfileSettings } from './types';
import { createXiaomi } from './xiaomi';

// The edge of the world answers anything: whatever status, headers and body a gateway sends back,
// an adapter gives one result per device (never throws, so a chunk never fails on it), and a push
// configuration file of any shape is either read or refused with a message naming the problem,
// never quoting the secrets it reads.

let answer: { status: number; body: string; retryAfter?: string } = { status: 200, body: '{}' };
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      ...(answer.retryAfter !== undefined ? { 'retry-after': answer.retryAfter } : {}),
    });
    res.end(answer.body);
  });
});
let url = '';
const gateways: DeliveryGateway[] = [];

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const net = { timeoutMs: 500, retries: 0, retryBaseMs: 1, maxRetryWaitMs: 1 };
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  });
  const profile = (
    channel: ProfileSettings['channel'],
    options: Record<string, string | number>,
    secrets: [string, string][],
  ) => ({
    channel,
    name: '_default',
    options: { ...net, baseUrl: url, authUrl: `${url}/token`, ...options },
    secrets: new Map(secrets),
  });
  gateways.push(
    createFcm(
      profile('fcm', {}, [
        [
          'serviceAccount',
          JSON.stringify({ project_id: 'p', client_email: 'a@b', private_key: key.toString() }),
        ],
      ]),
    ),
    createHms(profile('hms', { appId: 'app' }, [['appSecret', 's']])),
    createXiaomi(profile('mi', { packageName: 'com.example' }, [['appSecret', 's']])),
  );
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const batch = (channel: DeliveryBatch['channel'], n: number): DeliveryBatch => ({
  push: { id: 'p', notificationId: 'n', prod: 'prod', expiresAt: null, sentAt: new Date() },
  channel,
  profile: '_default',
  items: Array.from({ length: n }, (_, i) => ({
    target: { key: `t${i}`, deviceType: 'android', fields: {} },
    deviceId: `d${i}`,
    payload: { title: 't', body: 'b', custom: {}, message: { data: {} } },
    digest: 'x',
  })),
});

const jsonish = fc.oneof(
  fc.json(),
  fc.string(),
  fc.constantFrom(
    '{"access_token":"tok","expires_in":3600}',
    '{"access_token":5}',
    '{"code":"80100000","msg":"not json"}',
    '{"code":"80100000","msg":"{\\"illegal_tokens\\":7}"}',
    '{"code":0,"data":{"bad_regids":5}}',
    '{"code":0,"data":null}',
    '{"error":{"details":"x"}}',
    '{"error":{"details":[null,{"errorCode":3}]}}',
    'null',
  ),
);

describe('fuzz: adapters under any gateway answer', () => {
  it('give one result per device, of a known kind, and never throw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(200, 200, 400, 401, 403, 404, 429, 500, 503),
        jsonish,
        fc.option(fc.oneof(fc.constantFrom('0', '1', 'soon', '-3'), fc.string()), { nil: undefined }),
        fc.integer({ min: 1, max: 4 }),
        async (status, body, retryAfter, n) => {
          answer = { status, body, ...(retryAfter !== undefined ? { retryAfter } : {}) };
          for (const g of gateways) {
            const channel = g.kind === 'fcm' ? 'fcm' : g.kind === 'hms' ? 'hms' : 'mi';
            const results = await g.send(batch(channel, n), new AbortController().signal);
            expect(results).toHaveLength(n);
            for (const r of results) {
              expect(['ok', 'invalidToken', 'retry', 'error']).toContain(r.status);
              if (r.status === 'retry') expect(Number.isFinite(r.afterMs) && r.afterMs >= 0).toBe(true);
              if (r.status === 'error') expect(r.message.length).toBeGreaterThan(0);
            }
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 60_000);
});

describe('fuzz: push configuration files', () => {
  it('are read or refused with a message naming the problem, never quoting a secret', () => {
    const secret = 'the-secret-value-42';
    const profile = fc.record(
      {
        gateway: fc.oneof(fc.constantFrom('recorder', 'apns', 'fcm', 'hms', 'xiaomi'), fc.string()),
        options: fc.dictionary(
          fc.string(),
          fc.oneof(fc.string(), fc.double(), fc.boolean(), fc.constant(null)),
        ),
        secretEnv: fc.dictionary(fc.string(), fc.constantFrom('SECRET_A', 'MISSING', 'bad name', '')),
      },
      { requiredKeys: [] },
    );
    const config = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(
        fc.constantFrom('ios', 'fcm', 'hms', 'mi', 'lc', 'oppo', 'windows', '__proto__'),
        fc.dictionary(fc.constantFrom('_default', 'cn', 'bad-name', '', 'constructor'), profile),
      ),
    );
    fc.assert(
      fc.property(config, (raw) => {
        try {
          const resolved = resolvePushConfig(raw, { SECRET_A: secret });
          expect(JSON.stringify(resolved ?? {})).not.toContain(secret);
        } catch (e) {
          expect(e).toBeInstanceOf(Error);
          const message = (e as Error).message;
          expect(message).toMatch(
            /^(invalid push configuration:|push configuration: environment variables not set:)\n {2}\S/,
          );
          expect(message).not.toContain(secret);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('a token endpoint that does not answer in time', () => {
  it('hands every device back for a later retry instead of failing the batch', async () => {
    // Answers nothing for longer than the adapters wait.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      const options = { timeoutMs: 50, retries: 0, retryBaseMs: 1, maxRetryWaitMs: 1 };
      const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
        type: 'pkcs8',
        format: 'pem',
      });
      const fcm = createFcm({
        channel: 'fcm',
        name: '_default',
        options: { ...options, baseUrl: base, authUrl: `${base}/token` },
        secrets: new Map([
          [
            'serviceAccount',
            JSON.stringify({ project_id: 'p', client_email: 'a@b', private_key: key.toString() }),
          ],
        ]),
      });
      const hms = createHms({
        channel: 'hms',
        name: '_default',
        options: { ...options, baseUrl: base, authUrl: `${base}/token`, appId: 'app' },
        secrets: new Map([['appSecret', 's']]),
      });
      for (const [g, channel] of [
        [fcm, 'fcm'],
        [hms, 'hms'],
      ] as const) {
        const results = await g.send(batch(channel, 3), new AbortController().signal);
        expect(results.map((r) => r.status)).toEqual(['retry', 'retry', 'retry']);
      }
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
