import type { Migration } from '@switchboard/shared';
import { ConsoleError } from '../errors';
import { audit } from '../proxy/context';
import type { ProxyContext } from '../proxy/context';
import { findOrThrow } from './get';
import { settled } from './runner';
import { markUploadDiscarded, toMigration } from './store';
import { removeUpload } from './uploads';

/** Why the upload of this run cannot be discarded, in words; undefined when it can. */
function refusal(m: Migration): string | undefined {
  if (m.kind !== 'files') return 'A live copy keeps no uploaded file; there is nothing to discard.';
  if (m.uploadDiscarded) return 'The uploaded file of this migration was already discarded.';
  if (m.status === 'running') return 'This migration is running; cancel it before discarding its upload.';
  if (m.status === 'succeeded')
    return 'This migration succeeded; its uploaded file was removed when it finished.';
  return undefined;
}

/**
 * Frees the disk an upload run that did not succeed still holds (its export is kept so the run
 * can be resumed). The row is marked first, in one statement that only matches a stopped run, so
 * a resume cannot start from a file being deleted; the run then stays in the history, not
 * resumable.
 */
export async function discardMigrationUpload(
  ctx: ProxyContext,
  id: string,
  uploads: string,
): Promise<Migration> {
  const before = await findOrThrow(ctx, id);
  const why = refusal(toMigration(before));
  if (why) throw new ConsoleError(409, 'conflict', why);
  // A run this process cancelled a moment ago may still be reading the file.
  await settled(id);
  const row = await markUploadDiscarded(ctx.sql, ctx.app.id, id);
  if (!row)
    throw new ConsoleError(409, 'conflict', 'This migration was resumed meanwhile; its upload is kept.');
  await removeUpload(uploads, id);
  await audit(ctx, {
    action: 'migration.discard_upload',
    summary: { id, kind: row.kind, source: row.source },
    result: 'ok',
    status: 200,
  });
  return toMigration(row);
}
