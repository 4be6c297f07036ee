/**
 * Runs `fn` over `items` with at most `limit` calls in flight: enough to hide the source's latency
 * without flooding it. Results keep the order of `items`; the first rejection is thrown once the
 * calls already started have settled.
 */
export async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  let failure: { e: unknown } | undefined;
  const worker = async () => {
    while (next < items.length && !failure) {
      const i = next++;
      try {
        out[i] = await fn(items[i] as T);
      } catch (e) {
        failure ??= { e };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw failure.e;
  return out;
}
