/**
 * One autocannon run against one URL. autocannon's own latency histogram holds whole
 * milliseconds, too coarse for a sub-millisecond difference, so the latency of every 2xx response
 * is taken from its `response` event (fractional ms) and summarized here.
 */
import autocannon from 'autocannon';
import { summarize } from './stats';
import type { Summary } from './stats';

export interface CannonResult {
  /** Latency of the 2xx responses, ms. */
  latency: Summary;
  /** 2xx responses per second over the run. */
  requestsPerSecond: number;
  seconds: number;
  /** Responses that were not 2xx, plus connection errors and timeouts. */
  failures: { non2xx: number; errors: number; timeouts: number };
}

export interface CannonTarget {
  url: string;
  headers: Record<string, string>;
}

/** Runs for `seconds` with `connections` connections; `stop` is set while it runs. */
export function runCannon(
  target: CannonTarget,
  opts: { seconds: number; connections: number },
  hooks: { setStop?: (stop: (() => void) | undefined) => void } = {},
): Promise<CannonResult> {
  const latencies: number[] = [];
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        headers: target.headers,
        connections: opts.connections,
        duration: opts.seconds,
        timeout: 30,
      },
      (err: unknown, result) => {
        hooks.setStop?.(undefined);
        if (err) {
          reject(err instanceof Error ? err : new Error(`autocannon: ${JSON.stringify(err)}`));
          return;
        }
        resolve({
          latency: summarize(latencies),
          requestsPerSecond: latencies.length / result.duration,
          seconds: result.duration,
          failures: { non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts },
        });
      },
    );
    instance.on('response', (_client, statusCode, _bytes, ms) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(ms);
    });
    hooks.setStop?.(() => instance.stop());
  });
}
