import { isPlainObject, writeParamsSchema } from '@switchboard/shared';
import { invalidJson, objectNotFound } from '../../http/errors';
import { requireMaster } from '../../http/require-master';
import type { ApiRequest, ApiResponse } from '../../http/types';
import { parseInput } from '../../http/validate';
import type { Clock } from '../../lib/clock';
import type { BlobStore } from '../../store/blobs';
import { dropUploadTokensOf } from '../../store/file-tokens';
import { selectObject } from '../../store/objects';
import { MASTER } from '../access';
import { created } from '../class-api';
import { ObjectApi, wantsObject } from '../object-api';
import type { ObjectApiDeps } from '../object-api';
import { defaultFileAcl } from './file-acl';
import { checkFileUpdate, externalFileBody } from './file-body';
import { fileUrl } from './keys';

export interface FileDeps extends ObjectApiDeps {
  clock: Clock;
  blobs: BlobStore;
}

/**
 * Moderation state a censor request leaves on the record, as `censor: {status, requestedAt}`.
 * This server has no moderation provider, so a request only records that moderation was asked
 * for: the status stays "pending" until the master key writes a decision ("passed" or
 * "rejected") into `censor` with an ordinary update. Repeated requests answer the current status.
 */
export type CensorStatus = 'pending' | 'passed' | 'rejected';

/**
 * Doc 1 file records at /1.1/files, /1.1/classes/files and /1.1/classes/_File. External files
 * are created here from a url; stored files come from the upload flow (uploads.ts). A stored
 * file has a `key` and no stored url: queries and scans return the key only (Doc 1), and a get
 * adds the url it is served at.
 */
export class FileApi extends ObjectApi {
  constructor(private readonly files: FileDeps) {
    super(files, '_File', '/1.1/files');
  }

  override async create(req: ApiRequest) {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const who = await this.principal(req);
    await this.assertCreate(req.sql, who);
    const body = externalFileBody(req.body);
    const obj = await this.deps.writes.create(req.sql, '_File', body, {
      fetchWhenSave: wantsObject(q),
      defaultAcl: () => defaultFileAcl(who),
    });
    return created(this, req, obj);
  }

  override async get(req: ApiRequest, id: string) {
    const res = await super.get(req, id);
    if (isPlainObject(res.body) && !('url' in res.body)) {
      const url = fileUrl(req.baseUrl, res.body);
      if (url !== undefined) res.body.url = url;
    }
    return res;
  }

  override async update(req: ApiRequest, id: string) {
    if (!isPlainObject(req.body)) throw invalidJson();
    const body = req.body;
    return super.update(req, id, {
      before: (_tx, current) => {
        checkFileUpdate(body, current.data, req.auth.master);
        return Promise.resolve(body);
      },
    });
  }

  /**
   * Deletes records (ACL applies, the master key bypasses it) and then their stored content.
   * The content goes after the rows, so a failed delete never leaves a record without content;
   * inside a batch that later rolls back, though, the record comes back without it.
   */
  override async delete(req: ApiRequest, ids: string[]) {
    const keys: string[] = [];
    const res = await super.delete(req, ids, async (tx, gone) => {
      for (const row of gone) if (typeof row.data.key === 'string') keys.push(row.data.key);
      await dropUploadTokensOf(
        tx,
        gone.map((r) => r.id),
      );
    });
    for (const key of keys) await this.files.blobs.remove(key);
    return res;
  }

  /** POST /1.1/files/<id>/censor (master key): see CensorStatus. */
  async censor(req: ApiRequest, id: string): Promise<ApiResponse> {
    requireMaster(req.auth, 'file censor');
    const row = await selectObject(req.sql, '_File', id);
    if (!row) throw objectNotFound('_File', id);
    const current = row.data.censor;
    if (isPlainObject(current) && typeof current.status === 'string') {
      return { body: { objectId: id, censorResult: current.status } };
    }
    const status: CensorStatus = 'pending';
    const censor = { status, requestedAt: this.files.clock.now().toISOString() };
    await this.deps.writes.update(req.sql, '_File', id, { censor }, { fetchWhenSave: false, access: MASTER });
    // The SDK's AV.File.censor() resolves with `censorResult`.
    return { body: { objectId: id, censorResult: status } };
  }
}
