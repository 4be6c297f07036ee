/** One page of a source's API (a thousand objects) or its schemas. */
export const SOURCE_ANSWER = { maxBytes: 128 * 1024 * 1024, timeoutMs: 120_000 };
