import { useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Values to set in the URL's query; undefined or '' removes the parameter. */
export type SearchPatch = Record<string, string | undefined>;

/**
 * The page's search parameters, and an update that merges into the parameters last asked for.
 * The router commits a navigation in a transition, so two quick updates (a filter picked, then a
 * search sent before the page has drawn the pick) must not each start from the URL as it was
 * before both: the second would undo the first.
 */
export function useSearchParamsMerge(): [URLSearchParams, (patch: SearchPatch) => void] {
  const [params, setParams] = useSearchParams();
  // What was last asked for, and from which committed URL: once the URL moves on (the update
  // committed, or back and forward), the URL is the base again.
  const asked = useRef<{ from: string; to: URLSearchParams } | null>(null);
  const update = (patch: SearchPatch) => {
    const from = params.toString();
    const base = asked.current?.from === from ? asked.current.to : params;
    const next = new URLSearchParams(base);
    for (const [k, v] of Object.entries(patch))
      if (v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    asked.current = { from, to: next };
    setParams(next);
  };
  return [params, update];
}
