import type { DeliveryGateway, ProfileSettings } from './types';

/**
 * oppo, vivo, mz and honor have no adapter yet: a profile naming one fails each of its devices
 * with this message in the push record instead of pretending to deliver.
 */
export function createUnsupported(profile: ProfileSettings): DeliveryGateway {
  const message = `delivery to vendor ${profile.channel} is not available yet (profile ${profile.name}): its devices were not sent; route them to the recorder or another channel`;
  return {
    kind: 'unsupported',
    send: (batch) => Promise.resolve(batch.items.map(() => ({ status: 'error', message }))),
  };
}
