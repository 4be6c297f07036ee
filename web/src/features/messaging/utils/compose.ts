import { z } from 'zod';

export const COMPOSE_TYPES = ['text', 'image', 'imageUpload', 'location', 'custom'] as const;
export type ComposeType = (typeof COMPOSE_TYPES)[number];

/** An image stored in the app for a message, with what the SDKs keep in the file's metaData. */
export interface UploadedImage {
  url: string;
  objectId: string;
  name: string;
  /** The image format, as the SDKs write it: "png", "jpeg", "gif"… */
  format: string;
  size: number;
  width: number;
  height: number;
}

export interface ComposeInput {
  type: ComposeType;
  text: string;
  imageUrl: string;
  /** The uploaded image of an "imageUpload" message, once stored. */
  image?: UploadedImage | undefined;
  latitude: string;
  longitude: string;
  custom: string;
}

export type ComposeProblem = 'empty' | 'imageUrl' | 'imageFile' | 'location' | 'custom';
export type Composed = { ok: true; message: string } | { ok: false; problem: ComposeProblem };

const coordinate = (v: string, max: number) => {
  const n = Number(v);
  return v.trim() !== '' && Number.isFinite(n) && Math.abs(n) <= max ? n : undefined;
};

/**
 * The message string to send, as LeanCloud's SDKs would write it (typed-message JSON for images
 * and locations), or what is wrong with the input (an i18n key under messaging.send.problems).
 */
export function composeMessage(input: ComposeInput): Composed {
  switch (input.type) {
    case 'text':
      return input.text
        ? { ok: true, message: JSON.stringify({ _lctype: -1, _lctext: input.text }) }
        : { ok: false, problem: 'empty' };
    case 'image': {
      if (!z.url({ protocol: /^https?$/ }).safeParse(input.imageUrl.trim()).success)
        return { ok: false, problem: 'imageUrl' };
      const file = { url: input.imageUrl.trim(), metaData: {} };
      return {
        ok: true,
        message: JSON.stringify({
          _lctype: -2,
          ...(input.text ? { _lctext: input.text } : {}),
          _lcfile: file,
        }),
      };
    }
    case 'imageUpload': {
      const img = input.image;
      if (!img) return { ok: false, problem: 'imageFile' };
      // The shape of the SDKs' ImageMessage: the file's objectId, URL and image metaData.
      const { name, format, size, width, height } = img;
      const file = { url: img.url, objId: img.objectId, metaData: { name, format, size, width, height } };
      return {
        ok: true,
        message: JSON.stringify({
          _lctype: -2,
          ...(input.text ? { _lctext: input.text } : {}),
          _lcfile: file,
        }),
      };
    }
    case 'location': {
      const latitude = coordinate(input.latitude, 90);
      const longitude = coordinate(input.longitude, 180);
      if (latitude === undefined || longitude === undefined) return { ok: false, problem: 'location' };
      return {
        ok: true,
        message: JSON.stringify({
          _lctype: -5,
          ...(input.text ? { _lctext: input.text } : {}),
          _lcloc: { latitude, longitude },
        }),
      };
    }
    case 'custom':
      try {
        const v = JSON.parse(input.custom) as unknown;
        if (typeof v !== 'object' || v === null) return { ok: false, problem: 'custom' };
        return { ok: true, message: JSON.stringify(v) };
      } catch {
        return { ok: false, problem: 'custom' };
      }
  }
}

/** Client ids typed as a list ("a, b c"), without repeats. */
export const clientIdList = (s: string): string[] => [...new Set(s.split(/[\s,]+/).filter(Boolean))];

/** JSON push data, or a problem. Empty means none. */
export function pushData(s: string): { ok: true; value?: Record<string, unknown> } | { ok: false } {
  if (!s.trim()) return { ok: true };
  try {
    const v = JSON.parse(s) as unknown;
    return typeof v === 'object' && v !== null && !Array.isArray(v)
      ? { ok: true, value: v as Record<string, unknown> }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}
