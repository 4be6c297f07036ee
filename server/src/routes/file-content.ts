import type { FastifyInstance } from 'fastify';
import { LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { CONTENT_PATH } from '../services/files/keys';
import { DEFAULT_MIME } from '../services/files/mime';
import { isSafeKey } from '../store/blobs';
import type { BlobStore } from '../store/blobs';
import { findFileByKey } from '../store/file-records';

const NOT_FOUND = { code: LcCode.NotFound, error: 'No such file.' };

/**
 * The bytes of stored files, outside the API's JSON handling: downloads at a record's url (uploads
 * are routes/file-upload.ts). No app keys: the unguessable key of a file is the credential, as
 * with LeanCloud's file hosting, so links work in <img src> and plain HTTP clients.
 */
export function fileContentRoutes(app: FastifyInstance, deps: { sql: Sql; blobs: BlobStore }): void {
  // Served as stored: no compression, so Content-Length is the file's size.
  app.get<{ Params: { '*': string } }>(`${CONTENT_PATH}/*`, { compress: false }, async (req, reply) => {
    const key = req.params['*'];
    const file = isSafeKey(key) ? await findFileByKey(deps.sql, key) : undefined;
    const size = file ? await deps.blobs.size(key) : undefined;
    if (!file || size === undefined) return reply.code(404).send(NOT_FOUND);
    const mime =
      typeof file.data.mime_type === 'string' && file.data.mime_type ? file.data.mime_type : DEFAULT_MIME;
    void reply.headers({
      'Content-Type': mime,
      'Content-Length': String(size),
      // Uploaded HTML or SVG must not run scripts with this server's origin, nor be sniffed as such.
      'Content-Security-Policy': 'sandbox',
      'X-Content-Type-Options': 'nosniff',
    });
    return reply.send(deps.blobs.read(key));
  });
}
