import { getParamsSchema, isTruthyFlag, queryParamsSchema, writeParamsSchema } from '@switchboard/shared';
import type { ApiRouter } from '../http/router';
import { parseInput } from '../http/validate';
import type { ObjectService } from '../services/objects';

/** Doc 1 Objects: /1.1/classes/<className>[/<objectId>]. */
export function objectRoutes(router: ApiRouter, objects: ObjectService): void {
  router.on('POST', '/1.1/classes/:className', async (req) => {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const className = req.params.className ?? '';
    const body = await objects.create(className, req.body, { fetchWhenSave: isTruthyFlag(q.fetchWhenSave) });
    return {
      status: 201,
      body,
      headers: { Location: `${req.baseUrl}/1.1/classes/${className}/${String(body.objectId)}` },
    };
  });

  router.on('GET', '/1.1/classes/:className', async (req) => {
    const q = parseInput(queryParamsSchema, req.query, 'query parameters');
    return { body: await objects.query(req.params.className ?? '', { ...q, master: req.auth.master }) };
  });

  router.on('GET', '/1.1/classes/:className/:objectId', async (req) => {
    const q = parseInput(getParamsSchema, req.query, 'query parameters');
    const { className = '', objectId = '' } = req.params;
    return { body: await objects.get(className, objectId, { ...q, master: req.auth.master }) };
  });

  router.on('PUT', '/1.1/classes/:className/:objectId', async (req) => {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const { className = '', objectId = '' } = req.params;
    return {
      body: await objects.update(className, objectId, req.body, {
        where: q.where,
        fetchWhenSave: isTruthyFlag(q.fetchWhenSave),
      }),
    };
  });

  router.on('DELETE', '/1.1/classes/:className/:objectId', async (req) => {
    const q = parseInput(writeParamsSchema, req.query, 'query parameters');
    const { className = '', objectId = '' } = req.params;
    return { body: await objects.delete(className, objectId, { where: q.where }) };
  });
}
