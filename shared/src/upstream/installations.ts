import { z } from 'zod';

/** Doc 2 Installation: deviceType "ios or android". */
export const DEVICE_TYPES = ['ios', 'android'] as const;
export type DeviceType = (typeof DEVICE_TYPES)[number];

/**
 * Doc 2 Installation `vendor` values, plus `fcm`: LeanCloud's FCM integration registers its
 * devices with vendor "fcm" (Doc 2's `fcm` override object is for them).
 */
export const VENDORS = ['HMS', 'mi', 'mz', 'oppo', 'vivo', 'honor', 'fcm'] as const;
export type Vendor = (typeof VENDORS)[number];

/** Doc 2 deviceProfile: "starts with a letter, contains letters, digits, underscore, or is empty". */
export const DEVICE_PROFILE_RE = /^(?:[A-Za-z][A-Za-z0-9_]*)?$/;
export const DEFAULT_PROFILE = '_default';

/** Longest device token, installation id or registration id kept (APNs tokens are 64 hex digits). */
export const MAX_DEVICE_ID_LENGTH = 512;

const deviceId = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .min(1, `${name} must not be empty`)
    .max(MAX_DEVICE_ID_LENGTH, `${name} is longer than ${MAX_DEVICE_ID_LENGTH} characters`);

const optionalString = (name: string) =>
  z
    .string({ error: `${name} must be a string` })
    .max(1024)
    .nullish();

export const PROFILE_RULE =
  'a device profile starts with a letter and holds only letters, digits and underscore (or is empty)';

/**
 * The built-in fields of an installation as they must stand after a write (create or update, with
 * its atomic operations applied). Custom fields are free.
 */
export const installationFieldsSchema = z
  .looseObject({
    deviceType: z.enum(DEVICE_TYPES, { error: 'deviceType must be "ios" or "android"' }),
    deviceToken: deviceId('deviceToken').nullish(),
    installationId: deviceId('installationId').nullish(),
    registrationId: deviceId('registrationId').nullish(),
    channels: z
      .array(z.string({ error: 'every channel must be a string' }).max(1024), {
        error: 'channels must be an array of strings',
      })
      .nullish(),
    vendor: z.enum(VENDORS, { error: `vendor must be one of ${VENDORS.join(', ')}` }).nullish(),
    deviceProfile: z
      .string({ error: 'deviceProfile must be a string' })
      .max(128)
      .regex(DEVICE_PROFILE_RE, PROFILE_RULE)
      .nullish(),
    apnsTopic: optionalString('apnsTopic'),
    apnsTeamId: optionalString('apnsTeamId'),
  })
  .superRefine((v, ctx) => {
    // Doc 2 Installations: "Create: body has deviceType plus deviceToken (iOS) or installationId (Android)".
    const key = installationKey(v);
    if (typeof v[key] !== 'string')
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `an ${v.deviceType} installation needs a ${key}`,
      });
  });
export type InstallationFields = z.infer<typeof installationFieldsSchema>;

/** What identifies the device of an installation: iOS by deviceToken, Android by installationId. */
export function installationKey(fields: { deviceType?: unknown }): 'deviceToken' | 'installationId' {
  return fields.deviceType === 'ios' ? 'deviceToken' : 'installationId';
}
