import type { LiveClient } from './live-client';
import { mapLimit } from './pool';
import type { ClassReport } from './report';
import type { BatchInput, MigrationTarget } from './target';

type Member = NonNullable<BatchInput['relations']>[number];

/** Source requests in flight while reading relation members. */
const CONCURRENCY = 8;
/** Members per import request (the server takes up to 50,000). */
const SEND_EVERY = 5000;

/**
 * Copies the members of one relation field. The REST API has no bulk read of relation members:
 * either each owner is asked for its members ($relatedTo) or each possible member for its owners
 * (a query on the relation field with a Pointer). The side with fewer objects is walked, so a
 * relation from 100,000 posts to 50 tags costs 50 queries, not 100,000.
 */
export async function copyRelationField(
  client: LiveClient,
  target: MigrationTarget,
  owner: { className: string; count: number },
  field: string,
  relatedClass: string,
  report: ClassReport,
  signal?: AbortSignal,
): Promise<void> {
  const relatedCount = await client.count(relatedClass);
  const byMember = relatedCount < owner.count;
  let pending: Member[] = [];
  const flush = async () => {
    const relations = pending;
    pending = [];
    const res = await target.send(owner.className, { relations });
    report.written += res.relationsAdded;
    report.skipped += relations.length - res.relationsAdded;
  };
  for await (const page of client.ids(byMember ? relatedClass : owner.className)) {
    signal?.throwIfAborted();
    const found = await mapLimit(page, CONCURRENCY, async (id): Promise<Member[]> => {
      const out: Member[] = [];
      if (byMember) {
        for await (const owners of client.owners(owner.className, field, relatedClass, id))
          for (const owningId of owners) out.push({ field, owningId, relatedClass, relatedId: id });
      } else {
        for (const relatedId of await client.relationMembers(owner.className, id, field, relatedClass))
          out.push({ field, owningId: id, relatedClass, relatedId });
      }
      return out;
    });
    for (const members of found) {
      report.read += members.length;
      pending.push(...members);
    }
    if (pending.length >= SEND_EVERY) await flush();
  }
  if (pending.length > 0) await flush();
}
