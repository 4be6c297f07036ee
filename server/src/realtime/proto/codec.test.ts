import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, SharedFrame } from './codec';
import type { Command } from './codec';

const direct: Command = {
  cmd: 'direct',
  peerId: 'ignored-sender',
  directMessage: {
    cid: '5f0c0ffee0c0ffee0c0ffee0',
    id: 'Ab3_-x9Q2mRzLkPw0aYbZc',
    timestamp: 1_764_400_000_123,
    fromPeerId: 'alice',
    msg: JSON.stringify({ _lctype: -1, _lctext: 'héllo 你好' }),
    mentionPids: ['bo', 'chen'],
    convType: 1,
  },
};

describe('a frame shared by many recipients', () => {
  it.each(['protobuf', 'base64'] as const)(
    'decodes, in %s framing, to the command with each recipient as its peerId',
    (framing) => {
      const shared = new SharedFrame(direct);
      for (const peer of ['bo', 'a much longer client id, 64 characters of it, to need two bytes.', '陈']) {
        const frame = shared.for(peer, framing);
        const asBuffer = typeof frame === 'string' ? Buffer.from(frame) : frame;
        expect(decodeFrame(asBuffer, framing)).toEqual({ ...direct, peerId: peer });
        // The same command as if encoded for this recipient alone.
        const alone = encodeFrame({ ...direct, peerId: peer }, framing);
        expect(decodeFrame(typeof alone === 'string' ? Buffer.from(alone) : alone, framing)).toEqual(
          decodeFrame(asBuffer, framing),
        );
      }
    },
  );

  it('carries binary content unchanged', () => {
    const bytes = Buffer.from([0, 1, 2, 250, 251, 255]);
    const cmd: Command = { cmd: 'direct', directMessage: { cid: 'c', id: 'm', binaryMsg: bytes } };
    const frame = new SharedFrame(cmd).for('bo', 'protobuf') as Buffer;
    const back = decodeFrame(frame, 'protobuf');
    expect((back.directMessage as { binaryMsg: Buffer }).binaryMsg.equals(bytes)).toBe(true);
    expect(back.peerId).toBe('bo');
  });
});
