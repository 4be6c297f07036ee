/** What a platform's notification shows, taken from the same `data` that is sent. */
export interface Preview {
  title?: string | undefined;
  subtitle?: string | undefined;
  body: string;
  badge?: number | 'Increment' | undefined;
  sound?: string | undefined;
  /** Shown nowhere: a background (silent / content-available) message. */
  silent: boolean;
}

type Data = Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const obj = (v: unknown): Data | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Data) : undefined;

/** Doc 2: the `ios` object overrides the defaults for iOS; the `aps` form is what APNs receives. */
export function iosPreview(data: Data): Preview {
  const d = { ...data, ...obj(data.ios) };
  const aps = obj(d.aps) ?? {};
  const alert = aps.alert ?? d.alert;
  const alertObj = obj(alert);
  const badge = aps.badge ?? d.badge;
  const sound = aps.sound ?? d.sound;
  return {
    title: str(alertObj?.title) ?? str(d.title),
    subtitle: str(alertObj?.subtitle),
    body: str(alert) ?? str(alertObj?.body) ?? '',
    badge: typeof badge === 'number' || badge === 'Increment' ? badge : undefined,
    sound: str(sound) ?? str(obj(sound)?.name),
    silent: (aps['content-available'] ?? d['content-available']) === 1 && !alert,
  };
}

/**
 * Doc 2: `android` overrides the defaults for every Android device and a vendor's object (mi, hms,
 * fcm...) overrides both for that vendor's devices.
 */
export function androidPreview(data: Data, vendor?: string): Preview {
  const d = { ...data, ...obj(data.android), ...(vendor ? obj(data[vendor]) : undefined) };
  return {
    title: str(d.title),
    body: str(d.alert) ?? str(obj(d.alert)?.body) ?? '',
    silent: d.silent === true,
  };
}

/** The Android vendors (Doc 2 `data` keys) a payload has an object of its own for. */
export const PREVIEW_VENDORS = ['mi', 'hms', 'mz', 'vivo', 'oppo', 'fcm'] as const;
export type PreviewVendor = (typeof PREVIEW_VENDORS)[number];
export const previewVendors = (data: Data): PreviewVendor[] => PREVIEW_VENDORS.filter((v) => obj(data[v]));
