import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../test/harness';
import type { TestServer } from '../test/harness';
import { resolvePushConfig } from './config';

const SECRET = '-----BEGIN PRIVATE KEY-----\nnot-a-real-key\n-----END PRIVATE KEY-----';

describe('GET /1.1/switchboard/push/gateways', () => {
  let plain: TestServer;
  let configured: TestServer;
  beforeAll(async () => {
    plain = await startTestServer();
    const pushConfig = resolvePushConfig(
      {
        ios: {
          _default: {
            gateway: 'recorder',
            options: { teamId: 'TEAM42', topic: 'com.example' },
            secretEnv: { key: 'SB_TEST_APNS_KEY' },
          },
          beta: { gateway: 'recorder' },
        },
        mi: { _default: { gateway: 'recorder', secretEnv: { appSecret: 'SB_TEST_MI_SECRET' } } },
      },
      { SB_TEST_APNS_KEY: SECRET, SB_TEST_MI_SECRET: 'mi-secret-value' },
    );
    configured = await startTestServer({ pushConfig });
  });
  afterAll(async () => {
    await plain?.close();
    await configured?.close();
  });

  it('says when nothing is configured (everything goes to the recorder)', async () => {
    const res = await plain.request('GET', '/1.1/switchboard/push/gateways', { auth: 'master' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({ configured: false, channels: [] });
  });

  it('lists channels, profiles and adapters by name, and no option or secret', async () => {
    const res = await configured.request('GET', '/1.1/switchboard/push/gateways', { auth: 'master' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      configured: true,
      channels: [
        {
          channel: 'ios',
          profiles: [
            { name: '_default', gateway: 'recorder' },
            { name: 'beta', gateway: 'recorder' },
          ],
        },
        { channel: 'mi', profiles: [{ name: '_default', gateway: 'recorder' }] },
        { channel: 'lc', profiles: [{ name: '_default', gateway: 'realtime' }] },
      ],
    });
    for (const leak of ['TEAM42', 'com.example', 'PRIVATE KEY', 'mi-secret-value', 'SB_TEST_'])
      expect(res.text).not.toContain(leak);
  });

  it('is for the master key only', async () => {
    const res = await configured.request('GET', '/1.1/switchboard/push/gateways', { auth: 'app' });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('recorder');
  });
});
