import { Checkpoint } from './checkpoint';
import type { LiveClient } from './live-client';
import { importOrder } from './plan';
import { addFailure, emptyClassReport } from './report';
import type { ClassReport, ImportReport } from './report';
import type { BatchInput, ImportTarget } from './target';

type Obj = Record<string, unknown>;
type Member = NonNullable<BatchInput['relations']>[number];

export interface LiveOptions {
  checkpointFile: string;
  /** Progress after each page, with the estimated seconds left in that class. */
  onProgress?: (p: ClassReport, secondsLeft: number | undefined) => void;
}

/** Relation members of a page of owners, a few owners at a time. */
async function membersOf(
  client: LiveClient,
  className: string,
  page: Obj[],
  fields: [string, string][],
): Promise<Member[]> {
  const out: Member[] = [];
  for (let i = 0; i < page.length; i += 8) {
    const chunk = page.slice(i, i + 8);
    const found = await Promise.all(
      chunk.flatMap((o) =>
        fields.map(async ([field, relatedClass]) =>
          (await client.relationMembers(className, String(o.objectId), field, relatedClass)).map(
            (relatedId) => ({
              field,
              owningId: String(o.objectId),
              relatedClass,
              relatedId,
            }),
          ),
        ),
      ),
    );
    out.push(...found.flat());
  }
  return out;
}

/**
 * Copies a live app class by class through its scan API (pages of 1000), relation members with
 * their owners, into the target with the same upserts as the file import. After every written page
 * the last objectId goes into the checkpoint file, so an interrupted copy run again resumes there;
 * a page written twice changes nothing, so nothing is duplicated or lost.
 */
export async function copyLive(
  client: LiveClient,
  target: ImportTarget,
  source: string,
  opts: LiveOptions,
): Promise<ImportReport> {
  const started = Date.now();
  const checkpoint = new Checkpoint(opts.checkpointFile, source);
  const schema = await client.schemas();
  const classes: ClassReport[] = [];
  for (const className of importOrder(schema.keys())) {
    const fields = schema.get(className) ?? {};
    const report = emptyClassReport(className);
    const relReport = emptyClassReport(`${className} relations`);
    classes.push(report);
    const relationFields = Object.entries(fields).flatMap(([k, f]): [string, string][] =>
      f.type === 'Relation' && f.className ? [[k, f.className]] : [],
    );
    const cp = checkpoint.get(className);
    if (cp.done) continue;
    const classStarted = Date.now();
    const total = await client.count(className);
    let cursor = cp.cursor;
    let first = true;
    try {
      for (;;) {
        const page = await client.scan(className, cursor).catch((e: unknown) => {
          if (!cursor) throw e;
          // An expired or foreign cursor: scan the class again from its start.
          cursor = undefined;
          return client.scan(className, undefined);
        });
        if (page.results.length > 0) {
          const relations = await membersOf(client, className, page.results, relationFields);
          const acls = await client.acls(
            className,
            page.results.map((o) => String(o.objectId)),
          );
          const objects = page.results.map((o) =>
            acls.has(String(o.objectId)) ? { ...o, ACL: acls.get(String(o.objectId)) } : o,
          );
          const input: BatchInput = { objects, relations };
          if (first) input.fields = fields;
          first = false;
          const res = await target.send(className, input);
          report.read += page.results.length;
          report.written += res.written;
          report.skipped += res.skipped;
          for (const f of res.failed)
            addFailure(report, `${className} ${f.objectId ?? `#${f.index}`}`, `${f.error} (code ${f.code})`);
          relReport.read += relations.length;
          relReport.written += res.relationsAdded;
          relReport.skipped += relations.length - res.relationsAdded;
          if (page.cursor) checkpoint.set(className, { cursor: page.cursor });
          const rate = report.read / Math.max(1, Date.now() - classStarted);
          opts.onProgress?.(report, rate > 0 ? Math.max(0, total - report.read) / rate / 1000 : undefined);
        }
        cursor = page.cursor;
        if (!cursor) break;
      }
      if (first) await target.send(className, { fields });
      checkpoint.set(className, { done: true });
    } catch (e) {
      addFailure(report, className, `${(e as Error).message} (run the same command again to resume)`);
    }
    if (relReport.read > 0) classes.push(relReport);
  }
  return { classes, ignoredFiles: [], seconds: (Date.now() - started) / 1000 };
}
