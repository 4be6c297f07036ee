import { CAPABILITIES } from '@switchboard/shared';
import type { CapabilitiesResponse, Capability } from '@switchboard/shared';
import type { UpstreamApp } from '../apps-config';
import type { UpstreamClient } from '../upstream/client';
import { ConsoleError } from './errors';

/**
 * One harmless master-key read per area. A route the app does not have answers 404 (ours: "No
 * such API"); anything else, even a 400 for missing parameters, means the route exists.
 */
const PROBES: Record<Capability, { path: string; query: Record<string, string> }> = {
  storage: { path: '/1.1/schemas', query: {} },
  push: { path: '/1.1/scheduledPushMessages', query: { limit: '1' } },
  im: { path: '/1.2/rtm/stats', query: {} },
  // Served next to the schema writes; a LeanCloud app answers 404.
  schemaWrite: { path: '/1.1/switchboard/class-stats', query: {} },
};

const CACHE_MS = 60_000;

/** What each app offers, asked once a minute at most (the answer rarely changes). */
export class Capabilities {
  private readonly cache = new Map<string, { at: number; value: CapabilitiesResponse }>();

  async of(app: UpstreamApp, client: UpstreamClient, now = Date.now()): Promise<CapabilitiesResponse> {
    if (app.capabilities) {
      const areas = Object.fromEntries(CAPABILITIES.map((c) => [c, app.capabilities?.includes(c) ?? false]));
      return { app: app.id, reachable: true, areas: areas as Record<Capability, boolean>, source: 'config' };
    }
    const hit = this.cache.get(app.id);
    if (hit && now - hit.at < CACHE_MS) return hit.value;
    const value = await this.probe(app, client);
    if (value.reachable) this.cache.set(app.id, { at: now, value });
    return value;
  }

  private async probe(app: UpstreamApp, client: UpstreamClient): Promise<CapabilitiesResponse> {
    const areas = {} as Record<Capability, boolean>;
    let reachable = true;
    await Promise.all(
      CAPABILITIES.map(async (c) => {
        try {
          const res = await client.request({ method: 'GET', ...PROBES[c] });
          areas[c] = res.status !== 404;
        } catch (e) {
          if (!(e instanceof ConsoleError)) throw e;
          if (e.code !== 'upstream_error') reachable = false;
          areas[c] = false;
        }
      }),
    );
    return { app: app.id, reachable, areas, source: 'probe' };
  }
}
