import { isPlainObject, LcCode } from '@switchboard/shared';
import type { Sql } from '@switchboard/shared/sql';
import { ApiError, badRequest, invalidJson } from '../../http/errors';
import { requireMaster } from '../../http/require-master';
import type { ApiRequest, ApiResponse } from '../../http/types';
import { isSafeKey } from '../../store/blobs';
import type { Staged } from '../../store/blobs';
import {
  dropUploadToken,
  dropUploadTokensOf,
  findUploadToken,
  issueUploadToken,
  lockUploadToken,
  markUploaded,
} from '../../store/file-tokens';
import type { UploadTokenRow } from '../../store/file-tokens';
import { deleteObjectRow, selectObject, updateObjectRow } from '../../store/objects';
import { assertCreatePermission } from '../object-api';
import { defaultFileAcl } from './file-acl';
import type { FileDeps } from './file-api';
import { fileUrl, newFileKey } from './keys';
import { mimeOf } from './mime';

/** An upload token is good for one hour after POST /1.1/fileTokens. */
export const UPLOAD_TOKEN_TTL_MS = 60 * 60_000;

/** Where the content of a token is PUT, or POSTed as a form (routes/file-upload.ts). */
export const UPLOAD_PATH = '/files-upload';

/** Stored files are kept on this server's disk; `bucket` is the SDK's name for the store. */
const PROVIDER = 'local';
const BUCKET = 'local';

const invalid = (message: string) => badRequest(LcCode.InvalidParameter, message);

/**
 * Which of its uploaders a client is told to use; upload_url takes both. The JavaScript SDK
 * (leancloud-storage) posts a Buffer, a Blob or a stream alike as a multipart form with "qcloud",
 * while its "s3" uploader needs a stream's size up front. Every other client keeps "s3", a plain
 * PUT to upload_url, which all LeanCloud SDKs implement.
 */
export const uploaderFor = (client: string | undefined): 'qcloud' | 's3' =>
  client?.startsWith('LeanCloud-JS-SDK/') ? 'qcloud' : 's3';

/** A token's row when it can still upload: known, unused and not expired. */
function assertUsable(row: UploadTokenRow | undefined, now: Date): UploadTokenRow {
  if (!row) throw new ApiError(404, LcCode.NotFound, 'No such upload token.');
  if (row.uploaded_at)
    throw new ApiError(
      409,
      LcCode.InvalidParameter,
      'This upload token was used already; ask for a new one.',
    );
  if (row.expires_at.getTime() <= now.getTime())
    throw new ApiError(403, LcCode.Forbidden, 'This upload token has expired; ask for a new one.');
  return row;
}

/**
 * The SDK's upload flow (leancloud-storage AV.File#save): POST /1.1/fileTokens creates the record
 * and hands out a one-time token and upload_url; the SDK sends the bytes there (a PUT, or a form
 * POST: `uploaderFor`), then reports with POST /1.1/fileCallback whether the upload worked (false
 * deletes the record).
 */
export class UploadService {
  constructor(
    private readonly deps: FileDeps,
    private readonly sql: Sql,
  ) {}

  async issue(req: ApiRequest): Promise<ApiResponse> {
    const body = req.body;
    if (!isPlainObject(body)) throw invalidJson();
    const who = await this.deps.access.of(req.sql, req.auth);
    await assertCreatePermission(this.deps, req.sql, who, '_File');
    const { name, metaData } = body;
    if (typeof name !== 'string' || name === '') throw invalid('A file to upload needs a "name".');
    if (metaData !== undefined && !isPlainObject(metaData))
      throw invalid('"metaData" must be a JSON object.');
    const mime = body.mime_type ?? mimeOf(name);
    if (typeof mime !== 'string') throw invalid('"mime_type" must be a string such as "image/png".');
    let key: string;
    if (body.key !== undefined && body.key !== null) {
      // The SDK documents the `key` option as master-key only: a key names a shared location.
      requireMaster(req.auth, 'choosing the key of a file');
      if (typeof body.key !== 'string' || !isSafeKey(body.key))
        throw invalid('A file key is "/"-separated names, none empty or starting with "." or holding "\\".');
      key = body.key;
    } else {
      key = newFileKey(name, body.keep_file_name === true);
    }
    const record: Record<string, unknown> = {
      name,
      key,
      mime_type: mime,
      metaData: metaData ?? {},
      provider: PROVIDER,
      bucket: BUCKET,
    };
    if (body.ACL !== undefined && body.ACL !== null) record.ACL = body.ACL;
    const now = this.deps.clock.now();
    return req.sql.transaction(async (tx) => {
      // The unique index on _File.key answers 137 when a chosen key is taken.
      const created = await this.deps.writes.create(tx, '_File', record, {
        fetchWhenSave: false,
        defaultAcl: () => defaultFileAcl(who),
      });
      const objectId = String(created.objectId);
      const token = await issueUploadToken(tx, {
        fileId: objectId,
        key,
        expiresAt: new Date(now.getTime() + UPLOAD_TOKEN_TTL_MS),
      });
      return {
        body: {
          objectId,
          createdAt: created.createdAt,
          token,
          upload_url: `${req.baseUrl}${UPLOAD_PATH}/${token}`,
          provider: uploaderFor(req.client),
          url: fileUrl(req.baseUrl, { key }),
          key,
          bucket: BUCKET,
          mime_type: mime,
        },
      };
    });
  }

  /**
   * Refuses an unknown, used or expired token before any byte of its upload is read, so that
   * nobody without a token makes the server store anything.
   */
  async assertUsable(token: string): Promise<void> {
    assertUsable(await findUploadToken(this.sql, token), this.deps.clock.now());
  }

  /**
   * Completes a token's upload with content staged by the caller (this takes it over): moved under
   * the key in the transaction that uses up the token and records size and type on the record.
   */
  async receive(
    token: string,
    staged: Staged & { size: number },
    contentType: string | undefined,
  ): Promise<{ objectId: string; size: number }> {
    try {
      return await this.sql.transaction(async (tx) => {
        const now = this.deps.clock.now();
        const row = assertUsable(await lockUploadToken(tx, token), now);
        const file = await selectObject(tx, '_File', row.file_id, { forUpdate: true });
        if (!file)
          throw new ApiError(404, LcCode.ObjectNotFound, 'The file record of this upload was deleted.');
        const metaData = isPlainObject(file.data.metaData) ? file.data.metaData : {};
        const data = {
          ...file.data,
          // What arrived is authoritative: the size the client announced may be missing or wrong.
          metaData: { ...metaData, size: staged.size },
          mime_type: contentType?.split(';')[0]?.trim() || file.data.mime_type,
        };
        await updateObjectRow(tx, '_File', { id: file.id, data, acl: file.acl, updated_at: now });
        await markUploaded(tx, token, now);
        await this.deps.blobs.commit(staged, row.key);
        return { objectId: file.id, size: staged.size };
      });
    } finally {
      await this.deps.blobs.discard(staged);
    }
  }

  /**
   * POST /1.1/fileCallback {token, result}: true completes the upload (the token is then gone),
   * false deletes the record and any content that arrived. The token is the credential here, as
   * it was for the upload; an expired token may still be reported, so failures get cleaned up.
   */
  async callback(req: ApiRequest): Promise<ApiResponse> {
    const body = req.body;
    if (!isPlainObject(body)) throw invalidJson();
    if (typeof body.token !== 'string' || typeof body.result !== 'boolean')
      throw invalid('A file callback is {"token": <upload token>, "result": true | false}.');
    const token = body.token;
    const success = body.result;
    const removeKey = await req.sql.transaction(async (tx) => {
      const row = await lockUploadToken(tx, token);
      if (!row) throw invalid('No such upload token, or its upload is already finished.');
      if (success && !row.uploaded_at)
        throw invalid('Nothing was uploaded with this token; send the content to its upload_url first.');
      await dropUploadToken(tx, token);
      if (success) return undefined;
      await deleteObjectRow(tx, '_File', row.file_id);
      await dropUploadTokensOf(tx, [row.file_id]);
      return row.key;
    });
    if (removeKey !== undefined) await this.deps.blobs.remove(removeKey);
    return { body: {} };
  }
}
