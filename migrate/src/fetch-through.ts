import { GuardedClient, OutboundError } from '@switchboard/outbound';
import type { PolicyWords } from '@switchboard/outbound';
import type { FetchLike } from './target';

/** The import endpoint takes a file as base64 in a 20 MB JSON body. */
export const MAX_FILE_BYTES = 15 * 1024 * 1024;

/** One file's content: as much as the import endpoint takes, within a minute. */
export const FILE_ANSWER = { maxBytes: MAX_FILE_BYTES, timeoutMs: 60_000 };

/** A file that could not be fetched, and whether trying again may help. */
export class FetchError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

/** Answers that have no body by definition: a Response refuses one for them. */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * The engine's fetch through a guarded client with the given caps. A refusal or a cap is final
 * (a FetchError that is not retried); a host that is down or slow may be retried.
 */
export function fetchThrough(
  outbound: GuardedClient,
  caps: { maxBytes: number; timeoutMs: number },
): FetchLike {
  return async (url, init) => {
    try {
      const a = await outbound.get(url, { ...caps, ...init });
      const body = NO_BODY.has(a.status)
        ? null
        : new Uint8Array(a.body.buffer, a.body.byteOffset, a.body.length);
      return new Response(body, { status: a.status, headers: a.headers });
    } catch (e) {
      if (e instanceof OutboundError) throw new FetchError(e.message, e.retryable);
      throw e;
    }
  };
}

/** How pnpm migrate words its refusals, and the switch that lets it reach private addresses. */
export const MIGRATE_WORDS: PolicyWords = {
  who: 'pnpm migrate',
  allow: '--allow-private-sources (or MIGRATE_ALLOW_PRIVATE_SOURCES=1)',
};

/**
 * A guarded client for file downloads, with its fetch, when the caller gave no fetch of its own:
 * file URLs come from the data (anyone with the app key can plant one), so by default they are
 * fetched from public addresses only.
 */
export function guardedFileFetch(
  allowPrivate: boolean,
  words: PolicyWords = MIGRATE_WORDS,
): { fetch: FetchLike; close(): Promise<void> } {
  const client = GuardedClient.forSetting(allowPrivate, words);
  return { fetch: fetchThrough(client, FILE_ANSWER), close: () => client.close() };
}
