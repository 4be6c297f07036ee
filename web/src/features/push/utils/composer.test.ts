import { describe, expect, it } from 'vitest';
import {
  bodyBytes,
  bodyFits,
  emptyMessage,
  messageData,
  newReqId,
  parseJsonData,
  pushBody,
  validateComposition,
} from './composer';
import type { Audience } from './composer';

const everyone: Audience = { kind: 'everyone', channels: [], deviceType: 'all' };
const opts = { reqId: 'abc123' };

describe('the composer', () => {
  it('turns the form into Doc 2 data: text is alert, badge a number or Increment, silent for both platforms', () => {
    const data = messageData({
      ...emptyMessage(),
      title: 'Sale',
      text: 'Half price',
      badge: '3',
      sound: 'default',
      silent: true,
      custom: [
        { key: 'orderId', value: '42' },
        { key: 'note', value: 'plain text' },
        { key: ' ', value: 'ignored' },
      ],
    });
    expect(data).toEqual({
      alert: 'Half price',
      title: 'Sale',
      badge: 3,
      sound: 'default',
      silent: true,
      'content-available': 1,
      orderId: 42,
      note: 'plain text',
    });
    expect(messageData({ ...emptyMessage(), text: 'x', badge: 'Increment' }).badge).toBe('Increment');
  });

  it('sends channels and the platform as the API takes them, with the req_id and push_time', () => {
    const at = new Date('2030-01-01T10:00:00Z');
    expect(
      pushBody(
        { kind: 'channels', channels: ['news'], deviceType: 'ios' },
        { alert: 'hi' },
        { reqId: 'r1', pushTime: at },
      ),
    ).toEqual({
      data: { alert: 'hi' },
      req_id: 'r1',
      prod: 'prod',
      where: { deviceType: 'ios' },
      channels: ['news'],
      push_time: '2030-01-01T10:00:00.000Z',
    });
    expect(pushBody(everyone, { alert: 'hi' }, opts)).not.toHaveProperty('where');
  });

  it('says at which field a composition is wrong', () => {
    const fields = (a: Audience, data: Record<string, unknown>) =>
      validateComposition(a, data, opts).map((p) => p.field);
    expect(fields(everyone, { alert: 'fine' })).toEqual([]);
    expect(fields(everyone, {})).toContain('data.alert');
    expect(fields({ ...everyone, kind: 'channels' }, { alert: 'x' })).toEqual(['channels']);
    expect(fields(everyone, { alert: 'x', badge: 'seven' })).toEqual(['data.badge']);
    expect(fields(everyone, { alert: 'x', ios: { 'apns-priority': 7 } })).toEqual(['data.ios.apns-priority']);
  });

  it('counts the bytes of the body as sent (UTF-8) and refuses 4096 or more', () => {
    const body = pushBody(everyone, { alert: '推送' }, opts);
    expect(bodyBytes(body)).toBe(JSON.stringify(body).length + 4); // two 3-byte characters
    expect(bodyFits(4095)).toBe(true);
    expect(bodyFits(4096)).toBe(false);
    const filler = 'x'.repeat(4096);
    const problems = validateComposition(everyone, { alert: filler }, opts);
    expect(problems.map((p) => p.field)).toEqual(['body']);
    expect(problems[0]?.message).toMatch(/must be smaller than 4096/);
  });

  it('checks the JSON mode as typed, with the field at fault', () => {
    expect(parseJsonData('{"alert": "hi", "ios": {"badge": 2}}')).toEqual({
      data: { alert: 'hi', ios: { badge: 2 } },
    });
    expect(parseJsonData('{"alert": ')).toMatchObject({ problems: [{ field: 'json' }] });
    expect(parseJsonData('{"alert": "x", "android": {"silent": "yes"}}')).toEqual({
      problems: [{ field: 'data.android.silent', message: 'silent must be true or false' }],
    });
    expect(parseJsonData('[1]')).toMatchObject({ problems: [{ field: 'data' }] });
  });

  it('makes req_ids of 16 letters and digits, a new one each composition', () => {
    const a = newReqId();
    expect(a).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(newReqId()).not.toBe(a);
  });
});
