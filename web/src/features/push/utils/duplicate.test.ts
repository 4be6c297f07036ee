import { describe, expect, it } from 'vitest';
import { audienceWhere, messageData } from './composer';
import { compositionFrom } from './duplicate';

describe('Duplicate into the composer', () => {
  it('carries the override tabs and the builder conditions back, so the same push is sent', () => {
    const data = { alert: 'all', ios: { alert: 'iPhones' }, hms: { title: 'Huawei' } };
    const where = { channels: { $in: ['news'] }, deviceType: 'ios', appVersion: '2.0' };
    const c = compositionFrom({ data, where });
    expect(c.mode).toBe('form');
    expect(messageData(c.message)).toEqual(data);
    expect(c.audience).toMatchObject({ kind: 'channels', channels: ['news'], deviceType: 'ios' });
    expect(audienceWhere(c.audience)).toEqual({ deviceType: 'ios', appVersion: '2.0' });
    expect(c.droppedWhere).toBeUndefined();
  });

  it('keeps a platform object the tabs cannot hold in the JSON mode', () => {
    const c = compositionFrom({ data: { alert: 'a', android: { silent: true } }, where: {} });
    expect(c.mode).toBe('json');
  });

  it('says so when part of the where cannot be carried over', () => {
    const c = compositionFrom({ data: { alert: 'a' }, where: { $nor: [{ a: 1 }] } });
    expect(c.droppedWhere).toBe('{"$nor":[{"a":1}]}');
  });
});
