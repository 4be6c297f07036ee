import { z } from 'zod';
import { CONSOLE_ROLES } from './permissions';

/**
 * `pending`: written before a write was sent, not (yet) completed; `unknown`: sent, but no answer
 * came (a timeout, a dropped connection), so whether the app applied it is not known.
 */
export const AUDIT_RESULTS = ['ok', 'denied', 'error', 'pending', 'unknown'] as const;
export type AuditResult = (typeof AUDIT_RESULTS)[number];

/** What an audited action touched; only the fields that apply are present. */
export const auditTargetSchema = z.object({
  class: z.string().optional(),
  objectId: z.string().optional(),
  pushId: z.string().optional(),
  conversation: z.string().optional(),
  client: z.string().optional(),
  message: z.string().optional(),
  consoleUser: z.string().optional(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  role: z.enum(CONSOLE_ROLES).nullable(),
  app: z.string().nullable(),
  action: z.string(),
  target: auditTargetSchema.nullable(),
  summary: z.unknown(),
  before: z.unknown(),
  after: z.unknown(),
  result: z.enum(AUDIT_RESULTS),
  status: z.number().int().nullable(),
  requestId: z.string().nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_MAX_LIMIT = 1000;

const text = (name: string) =>
  z
    .string()
    .min(1, `${name} must not be empty`)
    .max(256)
    .refine((v) => !v.includes('\u0000'), `${name} must not contain NUL characters`)
    .optional();
const instant = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 time, e.g. 2026-01-31T12:00:00Z` })
    .optional();

/** Filters shared by the list and the export (query-string values). */
export const auditFilterSchema = z
  .object({
    actor: text('actor'),
    action: text('action'),
    app: text('app'),
    class: text('class'),
    objectId: text('objectId'),
    from: instant('from'),
    to: instant('to'),
  })
  .strict();
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditListQuerySchema = auditFilterSchema
  .extend({
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(AUDIT_MAX_LIMIT, `limit must be at most ${AUDIT_MAX_LIMIT}`)
      .default(100),
    cursor: z
      .string()
      .regex(/^[1-9][0-9]{0,18}$/, 'cursor must be a value returned as nextCursor')
      .optional(),
  })
  .strict();
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const auditExportQuerySchema = auditFilterSchema
  .extend({ format: z.enum(['csv', 'jsonl'], { error: 'format must be csv or jsonl' }) })
  .strict();
export type AuditExportQuery = z.infer<typeof auditExportQuerySchema>;

export const auditListResponseSchema = z.object({
  results: z.array(auditEntrySchema),
  nextCursor: z.string().nullable(),
});
export type AuditListResponse = z.infer<typeof auditListResponseSchema>;
