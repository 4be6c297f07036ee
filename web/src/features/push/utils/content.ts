import { PLATFORM_OVERRIDES } from '@switchboard/shared';
import { androidPreview, iosPreview } from './preview';

type Data = Record<string, unknown>;

/** One payload a record sent: the defaults, or a platform's override object. */
export interface PayloadVariant {
  /** 'default', or an override's name (ios, android, mi, hms...). */
  name: string;
  payload: Data;
}

/** Every payload of a record's data: the defaults (when any) and each per-platform override. */
export function payloadVariants(data: Data): PayloadVariant[] {
  const overrides = new Set<string>(PLATFORM_OVERRIDES);
  const defaults = Object.fromEntries(Object.entries(data).filter(([k]) => !overrides.has(k)));
  const variants: PayloadVariant[] = [];
  if (Object.keys(defaults).length > 0) variants.push({ name: 'default', payload: defaults });
  for (const name of PLATFORM_OVERRIDES) {
    const v = data[name];
    if (v && typeof v === 'object' && !Array.isArray(v)) variants.push({ name, payload: v as Data });
  }
  return variants;
}

/**
 * A record's content in one line, never empty: the default text, else each platform's text
 * ("iOS: … / Android: …"), else the payload itself (a silent or custom-only push).
 */
export function contentSummary(data: Data): string {
  const ios = iosPreview(data);
  const android = androidPreview(data);
  if (ios.body && ios.body === android.body) return ios.title ? `${ios.title}: ${ios.body}` : ios.body;
  const parts = [ios.body && `iOS: ${ios.body}`, android.body && `Android: ${android.body}`].filter(Boolean);
  if (parts.length > 0) return parts.join(' / ');
  const json = JSON.stringify(data);
  return json.length > 120 ? `${json.slice(0, 119)}…` : json;
}
