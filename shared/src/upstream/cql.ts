import { z } from 'zod';
import { JSON_PROBLEM_MESSAGES, jsonProblem } from './json-limits';
import { queryResponseSchema } from './objects';

/**
 * GET /1.1/cloudQuery: a query in LeanCloud's Cloud Query Language (its public "CQL 详细指南"),
 * `cql` the statement and `pvalues` a JSON array filling its `?` placeholders in order.
 */

/** LeanCloud's CQL guide: "CQL 对长度有所限制，要求在 4096 字节以内". */
export const MAX_CQL_LENGTH = 4096;

const cqlSchema = z
  .string({ error: 'cql (a CQL select statement) is required' })
  .trim()
  .min(1, 'cql (a CQL select statement) is required')
  .max(MAX_CQL_LENGTH, `cql may be at most ${MAX_CQL_LENGTH} characters long`)
  .refine((s) => !s.includes('\u0000'), JSON_PROBLEM_MESSAGES.nul)
  .refine((s) => s.isWellFormed(), JSON_PROBLEM_MESSAGES.malformed_unicode);

/** `pvalues` as sent (a JSON array in a string), decoded; undefined when absent. */
export const pvaluesParamSchema = z.string().transform((raw, ctx): unknown[] => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(raw);
  } catch {
    decoded = undefined;
  }
  if (!Array.isArray(decoded)) {
    ctx.addIssue({ code: 'custom', message: 'pvalues must be a JSON array such as ["dennis", 80]' });
    return z.NEVER;
  }
  const problem = jsonProblem(decoded);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: JSON_PROBLEM_MESSAGES[problem] });
    return z.NEVER;
  }
  return decoded as unknown[];
});

export const cloudQueryParamsSchema = z.looseObject({
  cql: cqlSchema,
  pvalues: pvaluesParamSchema.optional(),
});
export type CloudQueryParams = z.infer<typeof cloudQueryParamsSchema>;

/** The answer the SDK's AV.Query.doCloudQuery reads: the class queried, its objects, the count. */
export const cloudQueryResponseSchema = queryResponseSchema.extend({ className: z.string() });
export type CloudQueryResponse = z.infer<typeof cloudQueryResponseSchema>;
