import type { PushGateways } from '@switchboard/shared';
import type { ApiRouter } from '../http/router';
import { requireMaster } from '../http/require-master';
import type { PushConfig } from './config';

/**
 * The configured gateways by name: channel, profile and adapter. Options and secrets stay on the
 * server; an operator only needs to know which platforms can be reached and through what.
 */
export function gatewayNames(config: PushConfig): PushGateways {
  if (!config) return { configured: false, channels: [] };
  const channels = Object.entries(config).map(([channel, profiles]) => ({
    channel,
    profiles: Object.entries(profiles ?? {}).map(([name, p]) => ({ name, gateway: p.gateway })),
  }));
  // The own Android channel needs no configuration: it goes over the realtime connections.
  if (!config.lc) channels.push({ channel: 'lc', profiles: [{ name: '_default', gateway: 'realtime' }] });
  return { configured: true, channels };
}

/** GET /1.1/switchboard/push/gateways (master key). */
export function gatewaysRoute(router: ApiRouter, config: PushConfig): void {
  router.on('GET', '/1.1/switchboard/push/gateways', (req) => {
    requireMaster(req.auth, 'push gateways');
    return Promise.resolve({ body: gatewayNames(config) });
  });
}
