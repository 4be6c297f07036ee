import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';

const root = protobuf.loadSync(fileURLToPath(new URL('./message.proto', import.meta.url)));
const GenericCommand = root.lookupType('push_server.messages2.GenericCommand');

/** The two framings the SDKs ask for by subprotocol: binary protobuf, or the same bytes as base64 text. */
export type Framing = 'protobuf' | 'base64';

export const SUBPROTOCOLS: Record<string, Framing> = {
  'lc.protobuf2.3': 'protobuf',
  'lc.proto2base64.3': 'base64',
};

/**
 * A GenericCommand as a plain object: enums by name (cmd "session", op "open"), 64-bit integers as
 * numbers (timestamps in ms fit), bytes as Buffers. Sub-messages stay loosely typed: each command
 * handler reads the fields it needs and checks them.
 */
export interface Command {
  cmd?: string;
  op?: string;
  appId?: string;
  peerId?: string;
  i?: number;
  installationId?: string;
  serverTs?: number;
  [sub: string]: unknown;
}

export class FrameError extends Error {}

/** Decodes one frame; a frame that is not a GenericCommand throws FrameError. */
export function decodeFrame(data: Buffer, framing: Framing): Command {
  let bytes = data;
  if (framing === 'base64') {
    const text = data.toString('latin1').trim();
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) throw new FrameError('The frame is not base64 text.');
    bytes = Buffer.from(text, 'base64');
  }
  let cmd: Command;
  try {
    const message = GenericCommand.decode(bytes);
    cmd = GenericCommand.toObject(message, { longs: Number, enums: String, bytes: Buffer });
  } catch (e) {
    throw new FrameError(`The frame is not a GenericCommand: ${(e as Error).message}`);
  }
  if (hasNul(cmd)) throw new FrameError('Text fields must not contain NUL characters.');
  return cmd;
}

/** Postgres text cannot hold U+0000: such a command is refused whole, before any handler. */
function hasNul(v: unknown): boolean {
  if (typeof v === 'string') return v.includes('\0');
  if (Array.isArray(v)) return v.some(hasNul);
  if (v && typeof v === 'object' && !Buffer.isBuffer(v)) return Object.values(v).some(hasNul);
  return false;
}

export function encodeCommand(cmd: Command): Uint8Array {
  return GenericCommand.encode(GenericCommand.fromObject(cmd)).finish();
}

/** The frame to send: bytes for protobuf framing, base64 text for the other. */
export function encodeFrame(cmd: Command, framing: Framing): Buffer | string {
  return frameOf(Buffer.from(encodeCommand(cmd)), framing);
}

const frameOf = (bytes: Buffer, framing: Framing): Buffer | string =>
  framing === 'base64' ? bytes.toString('base64') : bytes;

/** GenericCommand's peerId: field 4, length-delimited. */
const PEER_ID_TAG = (4 << 3) | 2;

/**
 * One command for many recipients (a group's message), encoded once: each recipient's frame is the
 * shared bytes with its own peerId appended. Protobuf reads fields in any order, so the appended
 * field is the command's peerId; encoding a 500-member fan-out once saves 499 encodings.
 */
export class SharedFrame {
  private readonly base: Buffer;

  constructor(cmd: Command) {
    const { peerId: _omitted, ...rest } = cmd;
    this.base = Buffer.from(encodeCommand(rest));
  }

  for(peerId: string, framing: Framing): Buffer | string {
    const field = protobuf.Writer.create().uint32(PEER_ID_TAG).string(peerId).finish();
    return frameOf(Buffer.concat([this.base, field]), framing);
  }
}
