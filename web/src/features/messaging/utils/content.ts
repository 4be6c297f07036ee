/**
 * What a message's `data` holds, for display. LeanCloud's SDKs send typed messages as JSON with
 * `_lctype` (-1 text, -2 image, -3 audio, -4 video, -5 location, -6 file, -127 recalled), `_lctext`,
 * `_lcfile` and `_lcloc`; anything else is plain text or the app's own JSON.
 */
export type MessageContent =
  | { kind: 'recalled' }
  | { kind: 'text'; text: string }
  | {
      kind: 'image' | 'audio' | 'video' | 'file';
      text?: string;
      url?: string;
      name?: string;
      size?: number;
      /** The app's _File record of it, when the sender stored it there (the SDKs' `objId`). */
      objectId?: string;
    }
  | { kind: 'location'; text?: string; latitude: number; longitude: number }
  | { kind: 'custom'; type?: number; json: unknown };

const FILE_KINDS: Record<number, 'image' | 'audio' | 'video' | 'file'> = {
  [-2]: 'image',
  [-3]: 'audio',
  [-4]: 'video',
  [-6]: 'file',
};

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
/** Only web links are followed: a `javascript:` URL in a message must never become a link. */
export const safeUrl = (v: unknown): string | undefined => {
  const s = str(v);
  return s && /^https?:\/\//i.test(s) ? s : undefined;
};

function parse(data: string): unknown {
  const t = data.trim();
  if (!t.startsWith('{') && !t.startsWith('[')) return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch {
    return undefined;
  }
}

export function messageContent(data: string, recalled = false): MessageContent {
  if (recalled) return { kind: 'recalled' };
  const json = parse(data);
  if (json === undefined) return { kind: 'text', text: data };
  if (!isObject(json) || typeof json._lctype !== 'number') return { kind: 'custom', json };
  const type = json._lctype;
  const text = str(json._lctext);
  if (type === -1) return { kind: 'text', text: text ?? '' };
  if (type === -127) return { kind: 'recalled' };
  if (type === -5 && isObject(json._lcloc)) {
    const latitude = num(json._lcloc.latitude);
    const longitude = num(json._lcloc.longitude);
    if (latitude !== undefined && longitude !== undefined)
      return { kind: 'location', latitude, longitude, ...(text ? { text } : {}) };
  }
  const fileKind = FILE_KINDS[type];
  if (fileKind) {
    const file = isObject(json._lcfile) ? json._lcfile : {};
    const meta = isObject(file.metaData) ? file.metaData : {};
    const url = safeUrl(file.url);
    const name = str(meta.name);
    const size = num(meta.size);
    const objectId = str(file.objId);
    return {
      kind: fileKind,
      ...(text ? { text } : {}),
      ...(url ? { url } : {}),
      ...(name ? { name } : {}),
      ...(size !== undefined ? { size } : {}),
      ...(objectId && /^\w{1,64}$/.test(objectId) ? { objectId } : {}),
    };
  }
  return { kind: 'custom', type, json };
}

/** The size the server counts against its 5 KB limit: UTF-8 bytes of the message as sent. */
export const MESSAGE_MAX_BYTES = 5120;
export const utf8Bytes = (s: string): number => new TextEncoder().encode(s).length;
