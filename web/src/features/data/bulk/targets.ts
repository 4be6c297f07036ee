import { isPlainObject } from '@switchboard/shared';

export type PageReader = (where: Record<string, unknown>) => Promise<{ results: { objectId: string }[] }>;

export const PAGE_SIZE = 1000;

/** The filter narrowed to objectIds after `after`, so paging never skips or repeats an object. */
export function afterId(where: Record<string, unknown>, after: string | undefined): Record<string, unknown> {
  if (after === undefined) return where;
  const keyset = { objectId: { $gt: after } };
  if (Object.keys(where).length === 0) return keyset;
  return { $and: [where, keyset] };
}

/**
 * Every objectId matching `where`, read in objectId order a page at a time (keyset paging: an
 * object deleted or changed by the run itself does not shift later pages, as skip would).
 */
export async function* idsMatching(where: unknown, read: PageReader): AsyncGenerator<string> {
  const base = isPlainObject(where) ? where : {};
  let after: string | undefined;
  for (;;) {
    const page = await read(afterId(base, after));
    for (const row of page.results) yield row.objectId;
    const last = page.results[page.results.length - 1];
    if (!last || page.results.length < PAGE_SIZE) return;
    after = last.objectId;
  }
}
