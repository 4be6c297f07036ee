import { DEFAULT_PROFILE } from '@switchboard/shared';
import type { PushConfig } from '../config';
import type { Channel } from '../model';
import { createApns } from './apns';
import { createFcm } from './fcm';
import { createHms } from './hms';
import { createOwnChannel } from './own-channel';
import { createRecorder } from './recorder';
import type { DeliveryGateway, GatewayFactory, GatewayServices } from './types';
import { createUnsupported } from './unsupported';
import { createXiaomi } from './xiaomi';

/** The adapters by the name a profile's `gateway` gives; each new adapter registers here. */
const FACTORIES: Record<string, GatewayFactory> = {
  recorder: createRecorder,
  apns: createApns,
  fcm: createFcm,
  hms: createHms,
  xiaomi: createXiaomi,
  realtime: createOwnChannel,
  // Named so a configuration can list them; every device routed to one fails with a clear error.
  oppo: createUnsupported,
  vivo: createUnsupported,
  mz: createUnsupported,
  honor: createUnsupported,
};

/** Adds an adapter under the name profiles give in `gateway` (each adapter file calls it once). */
export function registerGateway(name: string, factory: GatewayFactory): void {
  FACTORIES[name] = factory;
}

const LABEL: Record<Channel, string> = {
  ios: 'iOS',
  lc: 'own Android channel',
  fcm: 'FCM',
  hms: 'vendor HMS',
  mi: 'vendor mi',
  mz: 'vendor mz',
  oppo: 'vendor oppo',
  vivo: 'vendor vivo',
  honor: 'vendor honor',
};

/**
 * Chooses the adapter of each (channel, profile). Without a configuration everything goes to the
 * recorder; with one, a channel or profile it does not name is refused for those devices (Doc 2:
 * "Empty means configuration _default, which must exist and be correctly configured or the push is
 * refused"), except the own Android channel, which needs no configuration: it goes over the
 * realtime gateway's device connections unless `lc` names another adapter.
 */
export class GatewayDirectory {
  private readonly made = new Map<string, DeliveryGateway>();

  constructor(
    private readonly config: PushConfig,
    private readonly services: GatewayServices = {},
  ) {
    for (const [channel, profiles] of Object.entries(config ?? {}))
      for (const [name, p] of Object.entries(profiles))
        if (!Object.hasOwn(FACTORIES, p.gateway))
          throw new Error(
            `push configuration ${channel}.${name}: no adapter named "${p.gateway}" (known: ${Object.keys(FACTORIES).join(', ')})`,
          );
  }

  pick(channel: Channel, profile: string): { gateway: DeliveryGateway } | { error: string } {
    const key = `${channel}/${profile}`;
    const known = this.made.get(key);
    if (known) return { gateway: known };
    const profiles = this.config?.[channel];
    if (!this.config) return { gateway: this.make(key, channel, profile, 'recorder') };
    if (!profiles && channel === 'lc') return { gateway: this.make(key, channel, profile, 'realtime') };
    const p = profiles?.[profile];
    if (!p)
      return {
        error:
          profile === DEFAULT_PROFILE
            ? `the ${LABEL[channel]} configuration _default is missing: the push to its devices without a deviceProfile is refused`
            : `the ${LABEL[channel]} configuration "${profile}" is missing: the push to its devices is refused`,
      };
    return { gateway: this.make(key, channel, profile, p.gateway, p.options, p.secrets) };
  }

  private make(
    key: string,
    channel: Channel,
    name: string,
    gateway: string,
    options: Record<string, string | number | boolean> = {},
    secrets = new Map<string, string>(),
  ): DeliveryGateway {
    const factory = FACTORIES[gateway] ?? createRecorder;
    const made = factory({ channel, name, options, secrets }, this.services);
    this.made.set(key, made);
    return made;
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.made.values()].map((g) => g.close?.() ?? Promise.resolve()));
    this.made.clear();
  }
}
