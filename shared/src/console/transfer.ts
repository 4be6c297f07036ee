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
 * CSV injection (OWASP): a spreadsheet runs a cell starting with = + - @ (or a tab or carriage
 * return) as a formula, e.g. =HYPERLINK(...). Such text is written with a leading apostrophe,
 * which spreadsheets show as text. Text already starting with apostrophes before one of those
 * gets one more, so csvText undoes exactly what csvSafeText did and a value round-trips.
 */
const FORMULA_START = /^'*[=+\-@\t\r]/;
export const csvSafeText = (text: string): string => (FORMULA_START.test(text) ? `'${text}` : text);
/** The text of a cell written by csvSafeText. */
export const csvText = (cell: string): string =>
  cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell;

/**
 * The last line of an export that failed after it had begun: the status was already sent, so the
 * download says itself that it is incomplete.
 */
export const EXPORT_ERROR_MARKER = '#export-error';

/**
 * POST /api/apps/<app>/files/upload?name=<file name>: the request body is the file's content, as
 * sent (any Content-Type but JSON, which names the stored file's type). The console stores it in
 * the app's file service (the SDK's upload flow: Doc 1 has no REST upload) and answers with the
 * File value to set on a field.
 */
export const MAX_FILE_UPLOAD_BYTES = 10 * 1024 * 1024;
export const fileUploadQuerySchema = z
  .object({
    name: z
      .string()
      .min(1, 'name the file')
      .max(255, 'the file name is too long (at most 255 characters)')
      // The name becomes part of the file's key and URL: no folders, no control characters.
      .refine(
        (name) => !/[/\\]/.test(name) && ![...name].some((ch) => ch.charCodeAt(0) < 0x20),
        'a file name has no "/", "\\" or control characters',
      ),
  })
  .strict();
export type FileUploadQuery = z.infer<typeof fileUploadQuerySchema>;

/**
 * POST /api/apps/<app>/im/images (and /im/service-images) ?name=&conversation=: an image for a
 * message, stored as any upload is. Sending a message is the permission it needs, not files.write,
 * so only images are taken; `conversation` names where it is to be sent, for the audit log.
 */
export const messageImageQuerySchema = fileUploadQuerySchema
  .extend({ conversation: z.string().min(1).max(100).optional() })
  .strict();
export type MessageImageQuery = z.infer<typeof messageImageQuerySchema>;

/** A File value (Doc 1 "Encoded data types": `id` is the record's objectId), with what shows it. */
export const uploadedFileSchema = z.object({
  __type: z.literal('File'),
  id: z.string(),
  objectId: z.string(),
  name: z.string(),
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;
