import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConsoleError } from '../errors';
import { readBody } from './read-body';

describe('readBody', () => {
  it('joins the chunks of a body within the limit', async () => {
    const body = Readable.from([Buffer.from('ab'), Buffer.from('cd')]);
    expect((await readBody(body, undefined, 4, 'too big')).toString()).toBe('abcd');
  });

  it('stops reading once the body passes the limit, whatever length was declared', async () => {
    let pulled = 0;
    const chunks = (function* () {
      for (;;) {
        pulled++;
        yield Buffer.alloc(3);
      }
    })();
    const err = await readBody(Readable.from(chunks), 2, 10, 'too big').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConsoleError);
    expect(err).toMatchObject({ status: 413, message: 'too big' });
    expect(pulled).toBeLessThan(10);
  });

  it('refuses a declared length over the limit without reading', async () => {
    const body = Readable.from([Buffer.from('x')]);
    await expect(readBody(body, 11, 10, 'too big')).rejects.toMatchObject({ status: 413 });
  });

  it('calls a body that breaks off an interrupted upload', async () => {
    const body = new Readable({
      read() {
        this.destroy(new Error('socket hang up'));
      },
    });
    await expect(readBody(body, undefined, 10, 'too big')).rejects.toMatchObject({
      status: 400,
      message: expect.stringMatching(/interrupted/) as unknown,
    });
  });
});
