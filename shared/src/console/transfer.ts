import { z } from 'zod';

export const EXPORT_FORMATS = ['csv', 'jsonl'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A class name as the API accepts it (letters, digits, underscores; built-ins start with _). */
export const CLASS_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/**
 * GET /api/apps/<app>/export/<className>: the current query of a class as a download. `where` is
 * the API's JSON `where`; `keys` a comma-separated list of fields to keep.
 */
export const classExportQuerySchema = z
  .object({
    format: z.enum(EXPORT_FORMATS, 'choose the format: csv or jsonl'),
    where: z.string().max(16_000, 'the where is too long (at most 16000 characters)').optional(),
    keys: z
      .string()
      .max(8_000, 'the list of keys is too long (at most 8000 characters)')
      .regex(/^[A-Za-z0-9_.,-]*$/, 'name the keys as field names separated by commas')
      .optional(),
  })
  .strict();
export type ClassExportQuery = z.infer<typeof classExportQuerySchema>;

/**
 * The last line of an export that failed after it had begun: the status was already sent, so the
 * download says itself that it is incomplete.
 */
export const EXPORT_ERROR_MARKER = '#export-error';
