import { FetchError, MAX_FILE_BYTES } from '@switchboard/migrate';
import type { FetchLike } from '@switchboard/migrate';
import type { GuardedClient } from '../../outbound/guarded-fetch';
import { OutboundError } from '../../outbound/outbound-error';

/** One page of a source's API (a thousand objects) or its schemas. */
export const SOURCE_ANSWER = { maxBytes: 128 * 1024 * 1024, timeoutMs: 120_000 };

/** One file's content, as much as the import endpoint takes. */
export const FILE_ANSWER = { maxBytes: MAX_FILE_BYTES, timeoutMs: 60_000 };

/** Answers that have no body by definition: a Response refuses one for them. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The migration engine's fetch, through the guarded client with the given caps. A refusal or a
 * cap is final (a FetchError that is not retried); a host that is down or slow may be retried.
 */
export function fetchThrough(
  outbound: GuardedClient,
  caps: { maxBytes: number; timeoutMs: number },
): FetchLike {
  return async (url, init) => {
    try {
      const a = await outbound.get(url, { ...caps, ...init });
      return new Response(
        NO_BODY.has(a.status) ? null : new Uint8Array(a.body.buffer, a.body.byteOffset, a.body.length),
        {
          status: a.status,
          headers: a.headers,
        },
      );
    } catch (e) {
      if (e instanceof OutboundError) throw new FetchError(e.message, e.retryable);
      throw e;
    }
  };
}
