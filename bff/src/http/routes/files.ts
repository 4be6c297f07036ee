import { consoleRoutes, fileUploadQuerySchema, MAX_FILE_UPLOAD_BYTES } from '@switchboard/shared';
import { Router } from 'express';
import { readBody } from '../../domain/files/read-body';
import { FILE_TOO_BIG, uploadFile } from '../../domain/files/upload-file';
import { ConsoleError } from '../../domain/errors';
import type { AppAccess } from '../app-access';
import { parseBody, singleQuery } from '../errors';

/** A file's content uploaded into the app, answered with the File value to set on a field. */
export function fileRoutes(access: AppAccess): Router {
  const r = Router();

  r.post(consoleRoutes.uploadFile.path, async (req, res) => {
    const ctx = await access(req, 'files.write');
    const query = parseBody(fileUploadQuerySchema, singleQuery(req));
    // A JSON body was already read by the JSON parser; the content is sent as the raw body.
    if (req.is('json'))
      throw new ConsoleError(415, 'bad_request', 'Send the file itself as the request body, not JSON.');
    const length = req.headers['content-length'];
    const declared = length === undefined ? undefined : Number(length);
    const bytes = await readBody(req, declared, MAX_FILE_UPLOAD_BYTES, FILE_TOO_BIG);
    res.json(await uploadFile(ctx, query, bytes, req.headers['content-type']));
  });

  return r;
}
