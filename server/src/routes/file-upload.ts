import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LcCode } from '@switchboard/shared';
import { ApiError, badRequest } from '../http/errors';
import { BODY_LIMIT } from '../http/transport';
import { UPLOAD_PATH } from '../services/files/uploads';
import type { UploadService } from '../services/files/uploads';
import type { BlobStore, Staged } from '../store/blobs';

/** The largest file content taken, whichever way it comes: the limit of any request body. */
const MAX_FILE_BYTES = BODY_LIMIT;

type TokenRequest = FastifyRequest<{ Params: { token: string } }>;

const tooLarge = () =>
  new ApiError(413, LcCode.ObjectTooLarge, `The file is larger than the ${MAX_FILE_BYTES >> 20} MB limit.`);

/**
 * What went wrong reading a multipart form, for the client: the plugin's limits and busboy's
 * parse errors are the client's doing (4xx); a system error (disk) is ours and stays a 500.
 */
function formError(e: unknown): unknown {
  if (e instanceof ApiError || (e as { syscall?: unknown }).syscall !== undefined) return e;
  switch ((e as { code?: unknown }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return badRequest(LcCode.InvalidParameter, 'An upload form carries exactly one file.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(LcCode.InvalidParameter, 'The upload form has too many fields.');
    default:
      return badRequest(LcCode.InvalidParameter, 'The upload is not a well-formed multipart/form-data body.');
  }
}

/**
 * The upload_url of POST /1.1/fileTokens: the bytes of one file, either as the whole body of a PUT
 * (the SDKs' "s3" uploader) or as the one file part of a multipart form POST (the JavaScript SDK's
 * "qcloud" uploader, which sends streams as well). No app keys: the one-time token in the path is
 * the credential. It is checked before the body is read, so nothing without a valid token is
 * stored; a form is written to disk as it arrives.
 */
export function fileUploadRoutes(
  app: FastifyInstance,
  deps: { blobs: BlobStore; uploads: UploadService },
): void {
  const checkToken = (req: TokenRequest) => deps.uploads.assertUsable(req.params.token);

  // The API parses every body as JSON; uploads get scopes of their own.
  void app.register((scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_FILE_BYTES }, (_req, body, done) =>
      done(null, body),
    );
    scope.addHook('onRequest', checkToken);
    // Stored exactly as sent, never inflated from a Content-Encoding.
    scope.put<{ Params: { token: string } }>(
      `${UPLOAD_PATH}/:token`,
      { decompress: false },
      async (req, reply) => {
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const staged = { ...(await deps.blobs.stage(bytes)), size: bytes.length };
        return reply.send(await deps.uploads.receive(req.params.token, staged, req.headers['content-type']));
      },
    );
    return Promise.resolve();
  });

  void app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    await scope.register(multipart, {
      limits: { fileSize: MAX_FILE_BYTES, files: 1, fields: 10, parts: 12, fieldSize: 4096, headerPairs: 20 },
    });
    scope.addContentTypeParser('*', (_req, _body, done) =>
      done(badRequest(LcCode.InvalidParameter, 'A POST upload is a multipart/form-data body.'), undefined),
    );
    scope.addHook('onRequest', checkToken);
    scope.post<{ Params: { token: string } }>(
      `${UPLOAD_PATH}/:token`,
      { decompress: false },
      async (req, reply) => {
        let staged: (Staged & { size: number }) | undefined;
        try {
          // Other fields (the qcloud uploader's op, qiniu's token and key) say nothing the path does not.
          for await (const part of req.parts()) {
            if (part.type !== 'file') continue;
            staged = await deps.blobs.stageStream(part.file);
            if (part.file.truncated) throw tooLarge();
          }
        } catch (e) {
          if (staged) await deps.blobs.discard(staged);
          throw formError(e);
        }
        if (!staged) throw badRequest(LcCode.InvalidParameter, 'The upload form has no file part.');
        // The part's type is the sender's guess from the file name; the record's type stands.
        return reply.send(await deps.uploads.receive(req.params.token, staged, undefined));
      },
    );
  });
}
