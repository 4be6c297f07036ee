import { describe, expect, it } from 'vitest';
import { clientIdList, composeMessage, pushData } from './compose';
import { MESSAGE_MAX_BYTES, utf8Bytes } from './content';

const base = { type: 'text' as const, text: '', imageUrl: '', latitude: '', longitude: '', custom: '' };

describe('composeMessage', () => {
  it('writes typed messages as the SDKs do', () => {
    expect(composeMessage({ ...base, text: 'hi' })).toEqual({
      ok: true,
      message: '{"_lctype":-1,"_lctext":"hi"}',
    });
    expect(composeMessage({ ...base, type: 'image', imageUrl: 'https://x.example/a.png' })).toEqual({
      ok: true,
      message: '{"_lctype":-2,"_lcfile":{"url":"https://x.example/a.png","metaData":{}}}',
    });
    expect(composeMessage({ ...base, type: 'location', latitude: '31.2', longitude: '121.5' })).toEqual({
      ok: true,
      message: '{"_lctype":-5,"_lcloc":{"latitude":31.2,"longitude":121.5}}',
    });
    expect(composeMessage({ ...base, type: 'custom', custom: '{ "a": 1 }' })).toEqual({
      ok: true,
      message: '{"a":1}',
    });
  });

  it('writes an uploaded image as the SDKs’ ImageMessage, counted as typed', () => {
    const image = {
      url: 'http://files.example/f/abc/shot.png',
      objectId: 'abc123',
      name: 'shot.png',
      format: 'png',
      size: 68,
      width: 3,
      height: 2,
    };
    const composed = composeMessage({ ...base, type: 'imageUpload', image, text: 'see this' });
    expect(composed).toEqual({
      ok: true,
      message:
        '{"_lctype":-2,"_lctext":"see this","_lcfile":{"url":"http://files.example/f/abc/shot.png","objId":"abc123",' +
        '"metaData":{"name":"shot.png","format":"png","size":68,"width":3,"height":2}}}',
    });
    // What the 5 KB limit counts is this text, not the image: a long caption still tips it over.
    const long = composeMessage({ ...base, type: 'imageUpload', image, text: '字'.repeat(1700) });
    expect(long.ok && utf8Bytes(long.message)).toBeGreaterThan(MESSAGE_MAX_BYTES);
    expect(composeMessage({ ...base, type: 'imageUpload' })).toEqual({ ok: false, problem: 'imageFile' });
  });

  it('names what is wrong', () => {
    expect(composeMessage(base)).toEqual({ ok: false, problem: 'empty' });
    expect(composeMessage({ ...base, type: 'image', imageUrl: 'javascript:alert(1)' })).toEqual({
      ok: false,
      problem: 'imageUrl',
    });
    expect(composeMessage({ ...base, type: 'location', latitude: '91', longitude: '0' })).toEqual({
      ok: false,
      problem: 'location',
    });
    expect(composeMessage({ ...base, type: 'custom', custom: '3' })).toEqual({
      ok: false,
      problem: 'custom',
    });
  });
});

describe('clientIdList and pushData', () => {
  it('split client ids and read push data', () => {
    expect(clientIdList(' a, b  a\nc ')).toEqual(['a', 'b', 'c']);
    expect(pushData('')).toEqual({ ok: true });
    expect(pushData('{"alert":"x"}')).toEqual({ ok: true, value: { alert: 'x' } });
    expect(pushData('[1]')).toEqual({ ok: false });
  });
});
