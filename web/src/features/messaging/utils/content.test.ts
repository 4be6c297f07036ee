import { describe, expect, it } from 'vitest';
import { messageContent, utf8Bytes } from './content';

describe('messageContent', () => {
  it('reads plain text, and JSON that is not a typed message as custom', () => {
    expect(messageContent('hello')).toEqual({ kind: 'text', text: 'hello' });
    expect(messageContent('{not json')).toEqual({ kind: 'text', text: '{not json' });
    expect(messageContent('{"order":7}')).toEqual({ kind: 'custom', json: { order: 7 } });
  });

  it('reads LeanCloud typed messages', () => {
    expect(messageContent('{"_lctype":-1,"_lctext":"hi"}')).toEqual({ kind: 'text', text: 'hi' });
    expect(
      messageContent(
        JSON.stringify({
          _lctype: -2,
          _lctext: 'look',
          _lcfile: { url: 'https://x.example/a.png', metaData: { name: 'a.png', size: 12 } },
        }),
      ),
    ).toEqual({ kind: 'image', text: 'look', url: 'https://x.example/a.png', name: 'a.png', size: 12 });
    expect(messageContent('{"_lctype":-5,"_lcloc":{"latitude":31.2,"longitude":121.5}}')).toEqual({
      kind: 'location',
      latitude: 31.2,
      longitude: 121.5,
    });
    expect(messageContent('{"_lctype":3,"x":1}')).toEqual({
      kind: 'custom',
      type: 3,
      json: { _lctype: 3, x: 1 },
    });
  });

  it('never turns a non-web URL into a link', () => {
    const c = messageContent('{"_lctype":-6,"_lcfile":{"url":"javascript:alert(1)"}}');
    expect(c).toEqual({ kind: 'file' });
  });

  it('shows a recalled message as recalled whatever its data', () => {
    expect(messageContent('', true)).toEqual({ kind: 'recalled' });
  });
});

describe('utf8Bytes', () => {
  it('counts bytes as the server does, not characters', () => {
    expect(utf8Bytes('abc')).toBe(3);
    expect(utf8Bytes('你好')).toBe(6);
  });
});
