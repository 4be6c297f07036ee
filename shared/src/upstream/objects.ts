import { z } from 'zod';
import { whereParamSchema } from './where';

export const DEFAULT_LIMIT = 100;
export const MAX_LIMIT = 1000;

/**
 * Doc 1 Query: "limit ... default 100; 1..1000 accepted; values outside are forced to 100",
 * except that `count=1&limit=0` asks for the count alone.
 */
export function normalizeLimit(raw: string | undefined, countOnly: boolean): number {
  if (raw === undefined || raw === '') return DEFAULT_LIMIT;
  const n = Number(raw);
  if (countOnly && n === 0) return 0;
  return Number.isInteger(n) && n >= 1 && n <= MAX_LIMIT ? n : DEFAULT_LIMIT;
}

export function isTruthyFlag(raw: string | undefined): boolean {
  return raw === '1' || raw === 'true';
}

/** Query parameters of GET /1.1/classes/<className> as they arrive in the URL (all strings). */
export const queryParamsSchema = z.looseObject({
  where: whereParamSchema.optional(),
  order: z.string().optional(),
  limit: z.string().optional(),
  skip: z.string().regex(/^\d+$/, 'skip must be a non-negative integer').optional(),
  keys: z.string().optional(),
  include: z.string().optional(),
  count: z.string().optional(),
  returnACL: z.string().optional(),
});
export type QueryParams = z.infer<typeof queryParamsSchema>;

/** Query parameters of GET /1.1/classes/<className>/<objectId>. */
export const getParamsSchema = z.looseObject({
  include: z.string().optional(),
  keys: z.string().optional(),
  returnACL: z.string().optional(),
});

/** Query parameters of POST / PUT / DELETE on an object. */
export const writeParamsSchema = z.looseObject({
  fetchWhenSave: z.string().optional(),
  where: whereParamSchema.optional(),
  new: z.string().optional(),
});

export const aclSchema = z.record(
  z.string(),
  z.object({ read: z.literal(true).optional(), write: z.literal(true).optional() }).strict(),
);
export type Acl = z.infer<typeof aclSchema>;

/** An object as returned by get and query. */
export const storedObjectSchema = z.looseObject({
  objectId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredObject = z.infer<typeof storedObjectSchema>;

export const createResponseSchema = z.looseObject({ objectId: z.string(), createdAt: z.string() });
export const updateResponseSchema = z.looseObject({ updatedAt: z.string() });

export const queryResponseSchema = z.object({
  results: z.array(storedObjectSchema),
  count: z.number().int().optional(),
});
export type QueryResponse = z.infer<typeof queryResponseSchema>;

/** An object body sent to create or update: field name -> value or atomic operation. */
export const objectBodySchema = z.record(z.string(), z.unknown());

export const batchRequestSchema = z.object({
  requests: z.array(
    z.object({
      method: z.enum(['GET', 'POST', 'PUT', 'DELETE']),
      path: z.string().min(1),
      body: z.unknown().optional(),
      params: z.record(z.string(), z.unknown()).optional(),
    }),
  ),
});

export const serverDateResponseSchema = z.object({ __type: z.literal('Date'), iso: z.string() });
