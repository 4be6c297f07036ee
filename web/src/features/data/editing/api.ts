import { z } from 'zod';
import {
  createResponseSchema,
  queryResponseSchema,
  storedObjectSchema,
  updateResponseSchema,
} from '@switchboard/shared';
import type { StoredObject } from '@switchboard/shared';
import { upstreamGet, upstreamSend } from '../../../lib/api';
import { objectPath, unchangedSince } from './conditional';
import type { BatchElement, BatchRequest } from './conditional';

const batchResponseSchema = z.array(
  z.union([
    z.object({ success: z.unknown() }),
    z.object({ error: z.object({ code: z.number(), error: z.string() }) }),
  ]),
) as z.ZodType<BatchElement[]>;

/** PUT that only applies while the object is still at `updatedAt`; a 305 error otherwise. */
export const updateIfUnchanged = (
  app: string,
  className: string,
  objectId: string,
  updatedAt: string,
  body: Record<string, unknown>,
) =>
  upstreamSend(app, 'PUT', objectPath(className, objectId), updateResponseSchema, {
    body,
    query: { where: JSON.stringify(unchangedSince(updatedAt)) },
  });

export const getObject = (app: string, className: string, objectId: string): Promise<StoredObject> =>
  upstreamGet(app, objectPath(className, objectId), storedObjectSchema);

export const createObject = (app: string, className: string, body: Record<string, unknown>) =>
  upstreamSend(app, 'POST', `/1.1/classes/${encodeURIComponent(className)}`, createResponseSchema, { body });

/** POST /1.1/batch; each element answers on its own. */
export const sendBatch = (app: string, requests: BatchRequest[], signal?: AbortSignal) =>
  upstreamSend(app, 'POST', '/1.1/batch', batchResponseSchema, { body: { requests }, signal });

/** Objects of `className` matching `where`, a page at a time. */
export const findObjects = (
  app: string,
  className: string,
  query: { where?: unknown; keys?: string; limit?: number; order?: string },
  signal?: AbortSignal,
) =>
  upstreamGet(app, `/1.1/classes/${encodeURIComponent(className)}`, queryResponseSchema, {
    query: {
      where: query.where === undefined ? undefined : JSON.stringify(query.where),
      keys: query.keys,
      limit: query.limit,
      order: query.order,
    },
    signal,
  });

/** An unconditional PUT: only for atomic operations (AddRelation...), which overwrite nothing. */
export const applyOperations = (
  app: string,
  className: string,
  objectId: string,
  body: Record<string, unknown>,
) => upstreamSend(app, 'PUT', objectPath(className, objectId), updateResponseSchema, { body });

export const deleteObjectRequest = (className: string, objectId: string): BatchRequest => ({
  method: 'DELETE',
  path: objectPath(className, objectId),
});

// With keys=objectId an answer need not carry the timestamps every full object has.
const idPageSchema = z.object({ results: z.array(z.looseObject({ objectId: z.string() })) });

/** One page of objectIds matching `where`, in objectId order (keyset paging). */
export const findObjectIds = (
  app: string,
  className: string,
  where: Record<string, unknown>,
  limit: number,
) =>
  upstreamGet(app, `/1.1/classes/${encodeURIComponent(className)}`, idPageSchema, {
    query: { where: JSON.stringify(where), keys: 'objectId', order: 'objectId', limit },
  });

/** How many objects match `where` (count=1&limit=0), for a bulk run's progress bar. */
export const countMatching = async (app: string, className: string, where: Record<string, unknown>) => {
  const answer = await upstreamGet(
    app,
    `/1.1/classes/${encodeURIComponent(className)}`,
    queryResponseSchema,
    {
      query: { where: JSON.stringify(where), limit: 0, count: 1 },
    },
  );
  return answer.count;
};
