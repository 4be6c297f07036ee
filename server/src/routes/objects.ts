import { getParamsSchema, isTruthyFlag, queryParamsSchema, writeParamsSchema } from '@switchboard/shared';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import type { WriteService } from '../services/objects';
import type { ReadService } from '../services/reads';

/** `fetchWhenSave=true`, or `new=true` as the SDK sends it: answer with the saved fields. */
const wantsObject = (q: { fetchWhenSave?: string | undefined; new?: string | undefined }) =>
  isTruthyFlag(q.fetchWhenSave) || isTruthyFlag(q.new);

/** Doc 1 Objects: /1.1/classes/<className>[/<objectId>]. */
export function objectRoutes(router: ApiRouter, reads: ReadService, writes: WriteService): void {
  router.on('POST', '/1.1/classes/:className', async (req) => {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const className = req.params.className ?? '';
    const body = await writes.create(req.sql, className, req.body, { fetchWhenSave: wantsObject(q) });
    return {
      status: 201,
      body,
      headers: { Location: `${req.baseUrl}/1.1/classes/${className}/${String(body.objectId)}` },
    };
  });

  router.on('GET', '/1.1/classes/:className', async (req) => {
    const q = parseInput(queryParamsSchema, req.query, 'query parameters');
    return {
      body: await reads.query(req.sql, req.params.className ?? '', { ...q, master: req.auth.master }),
    };
  });

  router.on('GET', '/1.1/classes/:className/:objectId', async (req) => {
    const q = parseInput(getParamsSchema, req.query, 'query parameters');
    const { className = '', objectId = '' } = req.params;
    const found = await reads.get(req.sql, className, objectId, { ...q, master: req.auth.master });
    // Doc 1 Get: an unknown id in an ordinary class is 200 {}; inside a batch LeanCloud says null.
    return { body: found ?? (req.inBatch ? null : {}) };
  });

  router.on('PUT', '/1.1/classes/:className/:objectId', async (req) => {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const { className = '', objectId = '' } = req.params;
    return {
      body: await writes.update(req.sql, className, objectId, req.body, {
        where: q.where,
        fetchWhenSave: wantsObject(q),
      }),
    };
  });

  router.on('DELETE', '/1.1/classes/:className/:objectId', async (req) => {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const { className = '', objectId = '' } = req.params;
    const ids = objectId.split(',').filter(Boolean);
    return { body: await writes.delete(req.sql, className, ids, { where: q.where }) };
  });
}
