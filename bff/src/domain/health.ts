import { isPlainObject } from '@switchboard/shared';
import type { AppHealthResponse } from '@switchboard/shared';
import type { UpstreamApp } from '../apps-config';
import type { UpstreamClient } from '../upstream/client';
import { ConsoleError } from './errors';

/** Asks the app its time (GET /1.1/date, Doc 1): the lightest call every compatible app answers. */
export async function checkHealth(app: UpstreamApp, client: UpstreamClient): Promise<AppHealthResponse> {
  const started = performance.now();
  const checkedAt = new Date().toISOString();
  try {
    const res = await client.request({ method: 'GET', path: '/1.1/date', query: {} });
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const iso = isPlainObject(res.body) && typeof res.body.iso === 'string' ? res.body.iso : null;
    if (res.status >= 200 && res.status < 300) {
      return { app: app.id, reachable: true, latencyMs, serverTime: iso, checkedAt };
    }
    return {
      app: app.id,
      reachable: false,
      latencyMs,
      serverTime: null,
      checkedAt,
      message: `The app answered HTTP ${res.status}.`,
    };
  } catch (e) {
    if (!(e instanceof ConsoleError)) throw e;
    return {
      app: app.id,
      reachable: false,
      latencyMs: null,
      serverTime: null,
      checkedAt,
      message: e.message,
    };
  }
}
