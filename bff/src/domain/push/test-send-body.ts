import { isPlainObject } from '@switchboard/shared';

/** The /1.1/push/devices body that reaches one installation, or why none can. */
export type DevicesBody = { body: Record<string, unknown> } | { missing: string };

const text = (o: Record<string, unknown>, k: string): string | undefined => {
  const v = o[k];
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/**
 * Doc 2 "POST /1.1/push/devices": an iOS device is named by its token; an Android device by its
 * vendor's registrationId when it has a vendor, else by its installationId (the own channel).
 */
export function devicesBodyFor(
  installation: unknown,
  data: Record<string, unknown>,
  prod: 'dev' | 'prod',
): DevicesBody {
  if (!isPlainObject(installation)) return { missing: 'The installation could not be read.' };
  const profile = text(installation, 'deviceProfile');
  const common = { data, prod, ...(profile ? { device_profile: profile } : {}) };
  if (installation.deviceType === 'ios') {
    const token = text(installation, 'deviceToken');
    if (!token) return { missing: 'This iOS installation has no deviceToken to send to.' };
    const topic = text(installation, 'apnsTopic');
    return { body: { ...common, device_type: 'ios', device_ids: [token], ...(topic ? { topic } : {}) } };
  }
  if (installation.deviceType !== 'android')
    return { missing: 'Test pushes reach iOS and Android installations only.' };
  const vendor = text(installation, 'vendor');
  const id = vendor ? text(installation, 'registrationId') : text(installation, 'installationId');
  if (!id)
    return {
      missing: vendor
        ? `This Android installation (vendor ${vendor}) has no registrationId to send to.`
        : 'This Android installation has no installationId to send to.',
    };
  return { body: { ...common, device_type: 'android', device_ids: [id], ...(vendor ? { vendor } : {}) } };
}
