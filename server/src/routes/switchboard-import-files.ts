import { isPlainObject, LcCode } from '@switchboard/shared';
import { z } from 'zod';
import { ApiError, badRequest } from '../http/errors';
import { requireMaster } from '../http/require-master';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import { fileUrl, newFileKey } from '../services/files/keys';
import type { BlobStore } from '../store/blobs';
import { isSafeKey } from '../store/blobs';
import type { ClassRegistry } from '../store/classes';
import { selectObject, updateObjectRow } from '../store/objects';

const OBJECT_ID = /^[A-Za-z0-9_-]{1,64}$/;

const contentBody = z.object({
  /** The file's bytes. A request body holds 20 MB, so files up to about 15 MB fit. */
  base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
});

interface Deps {
  classes: ClassRegistry;
  blobs: BlobStore;
}

/**
 * Switchboard extension for moving an app over (master key only): stores the content of an
 * imported _File record, fetched from where the old app served it, and makes the record point at
 * this server (its external url is dropped; its key is kept when it can name a file here). The
 * record keeps its updatedAt, so importing the export again still skips it.
 */
export function switchboardImportFileRoutes(router: ApiRouter, deps: Deps): void {
  router.on('POST', '/1.1/switchboard/import/_File/:objectId/content', async (req) => {
    requireMaster(req.auth, 'importing file content');
    const id = req.params.objectId ?? '';
    if (!OBJECT_ID.test(id))
      throw badRequest(LcCode.MissingObjectId, 'objectId must be 1 to 64 letters, digits, "_" or "-".');
    if (!isPlainObject(req.body)) throw badRequest(LcCode.InvalidJson, 'Send a JSON object with "base64".');
    const bytes = Buffer.from(parseInput(contentBody, req.body, 'file content').base64, 'base64');
    await deps.classes.ensure(req.sql, '_File');
    const staged = await deps.blobs.stage(bytes);
    try {
      const data = await req.sql.transaction(async (tx) => {
        const row = await selectObject(tx, '_File', id, { forUpdate: true });
        if (!row) throw new ApiError(404, LcCode.ObjectNotFound, `No _File record ${id}: import it first.`);
        const name = typeof row.data.name === 'string' ? row.data.name : 'file';
        const key =
          typeof row.data.key === 'string' && isSafeKey(row.data.key)
            ? row.data.key
            : newFileKey(name, false);
        const { url: _external, ...rest } = row.data;
        const metaData = isPlainObject(rest.metaData) ? rest.metaData : {};
        const next = { ...rest, key, metaData: { ...metaData, size: bytes.length } };
        await updateObjectRow(tx, '_File', { id, data: next, acl: row.acl, updated_at: row.updated_at });
        await deps.blobs.commit(staged, key);
        return next;
      });
      return { body: { objectId: id, size: bytes.length, url: fileUrl(req.baseUrl, data) } };
    } finally {
      await deps.blobs.discard(staged);
    }
  });
}
