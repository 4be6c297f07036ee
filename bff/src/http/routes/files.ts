import {
  consoleRoutes,
  fileUploadQuerySchema,
  MAX_FILE_UPLOAD_BYTES,
  messageImageQuerySchema,
} from '@switchboard/shared';
import type { Permission } from '@switchboard/shared';
import { Router } from 'express';
import type { Request } from 'express';
import { uploadMessageImage, withdrawMessageImage } from '../../domain/files/message-image';
import { readBody } from '../../domain/files/read-body';
import { FILE_TOO_BIG, uploadFile } from '../../domain/files/upload-file';
import { ConsoleError } from '../../domain/errors';
import type { AppAccess } from '../app-access';
import { parseBody, singleQuery } from '../errors';

/** The raw request body, which is the file: a JSON body was already read by the JSON parser. */
async function fileContent(req: Request): Promise<Buffer> {
  if (req.is('json'))
    throw new ConsoleError(415, 'bad_request', 'Send the file itself as the request body, not JSON.');
  const length = req.headers['content-length'];
  const declared = length === undefined ? undefined : Number(length);
  return readBody(req, declared, MAX_FILE_UPLOAD_BYTES, FILE_TOO_BIG);
}

/**
 * A file's content uploaded into the app, answered with the File value to set on a field; and an
 * image for a message, by the same upload, for whoever may send that message.
 */
export function fileRoutes(access: AppAccess): Router {
  const r = Router();

  r.post(consoleRoutes.uploadFile.path, async (req, res) => {
    const ctx = await access(req, 'files.write');
    const query = parseBody(fileUploadQuerySchema, singleQuery(req));
    const bytes = await fileContent(req);
    res.json(await uploadFile(ctx, query, bytes, req.headers['content-type']));
  });

  const images: [string, string, Permission][] = [
    [consoleRoutes.uploadMessageImage.path, consoleRoutes.withdrawMessageImage.path, 'im.moderate'],
    [
      consoleRoutes.uploadServiceMessageImage.path,
      consoleRoutes.withdrawServiceMessageImage.path,
      'im.broadcast',
    ],
  ];
  for (const [path, withdrawPath, permission] of images) {
    r.post(path, async (req, res) => {
      const ctx = await access(req, permission);
      const query = parseBody(messageImageQuerySchema, singleQuery(req));
      res.json(await uploadMessageImage(ctx, query, await fileContent(req)));
    });
    r.delete(withdrawPath, async (req, res) => {
      const ctx = await access(req, permission);
      await withdrawMessageImage(ctx, typeof req.params.id === 'string' ? req.params.id : '');
      res.json({});
    });
  }

  return r;
}
