// The real `leancloud-storage` SDK against installations and push: AV.Installation saves (the SDK
// saves the installation again on every start) and AV.Push.send with channels, a query and a time.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { only, useSdkServer } from '../sdk/helpers';
import { AV } from '../sdk/setup';
import { deliveries, record, settle } from './test-helpers';

const { sdk, sent } = useSdkServer();

describe('the SDK with installations and push', () => {
  it("a second save of the same device (a new AV.Installation) gets the first one's objectId", async () => {
    const installationId = randomUUID();
    const first = await new AV.Installation().save({
      deviceType: 'android',
      installationId,
      channels: ['sdk'],
    });
    const again = new AV.Installation();
    const reqs = await sent(() =>
      again.save({ deviceType: 'android', installationId, channels: ['sdk', 'more'] }),
    );
    expect(only(reqs).status).toBe(200);
    expect(again.id).toBe(first.id);
    const q = new AV.Query(AV.Installation).equalTo('installationId', installationId);
    const found = await q.find({ useMasterKey: true });
    expect(found.map((i) => i.id)).toEqual([first.id]);
    expect(found[0]?.get('channels')).toEqual(['sdk', 'more']);
    await expect(q.find()).rejects.toMatchObject({ code: 403 });
  });

  it('AV.Push.send by channels and by an AV.Query needs the master key and delivers', async () => {
    const installationId = randomUUID();
    const device = await new AV.Installation().save({
      deviceType: 'android',
      installationId,
      channels: ['news'],
    });
    await expect(AV.Push.send({ channels: ['news'], data: { alert: 'client' } })).rejects.toMatchObject({
      code: 403,
    });
    const byChannel = await AV.Push.send<{ objectId: string }>(
      { channels: ['news'], data: { alert: 'hi' } },
      { useMasterKey: true },
    );
    const where = new AV.Query(AV.Installation).equalTo('installationId', installationId);
    const byQuery = await AV.Push.send<{ objectId: string }>(
      { where, data: { alert: 'just you' }, expiration_interval: 60 },
      { useMasterKey: true },
    );
    await settle(sdk().t);
    for (const id of [byChannel.objectId, byQuery.objectId]) {
      expect(await record(sdk().t, id)).toMatchObject({ status: 'done', successes: 1 });
      expect((await deliveries(sdk().t, { push: id })).map((d) => d.installation)).toEqual([device.id]);
    }
  });

  it('AV.Push.send with a push_time a day ahead waits as a scheduled push', async () => {
    const at = new Date(Date.now() + 86_400_000);
    const res = await AV.Push.send<{ objectId: string }>(
      { channels: ['later'], data: { alert: 'tomorrow' }, push_time: at },
      { useMasterKey: true },
    );
    expect(await record(sdk().t, res.objectId)).toMatchObject({
      status: 'scheduled',
      'push-time': at.toISOString(),
    });
  });
});
