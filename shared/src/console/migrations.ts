import { z } from 'zod';

/**
 * The console's migration wizard: moving an app's data into the app behind the console, either
 * from an uploaded LeanCloud export or live from a LeanCloud-compatible source. The same engine
 * runs under `pnpm migrate`; the console runs it in the bff and keeps its progress in the bff's
 * database, so a page reload, another bff process or a restart finds it again.
 */
export const MIGRATION_KINDS = ['files', 'live'] as const;
export type MigrationKind = (typeof MIGRATION_KINDS)[number];

/**
 * running → succeeded | failed | cancelled. A run starts `running` at once (a second start in the
 * same app is refused while one runs, so nothing waits in line). A run whose bff process stopped
 * (restart, crash) is `interrupted`; resuming it continues from its checkpoints (live) or reruns it (files,
 * which is safe: an import changes nothing the second time).
 */
export const MIGRATION_STATUSES = ['running', 'succeeded', 'failed', 'cancelled', 'interrupted'] as const;
export type MigrationStatus = (typeof MIGRATION_STATUSES)[number];

/** What happened to one class (or one relation field, named "<Class>.<field>"). */
export const migrationClassSchema = z.object({
  name: z.string(),
  read: z.number().int(),
  written: z.number().int(),
  /** Already present with the same or a newer updatedAt; nothing was overwritten. */
  skipped: z.number().int(),
  failed: z.number().int(),
  /** Objects the source holds, when known (live copies count first): the basis of the estimate. */
  total: z.number().int().nullable(),
  done: z.boolean(),
  /** The first failures, each with where it came from (file and line, or objectId) and why. */
  failures: z.array(z.object({ where: z.string(), message: z.string() })),
});
export type MigrationClass = z.infer<typeof migrationClassSchema>;

export const migrationSchema = z.object({
  id: z.string(),
  app: z.string(),
  kind: z.enum(MIGRATION_KINDS),
  status: z.enum(MIGRATION_STATUSES),
  /** The uploaded file's name, or the source's base URL and app id. Never a key. */
  source: z.string(),
  downloadFiles: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
  classes: z.array(migrationClassSchema),
  ignoredFiles: z.array(z.object({ path: z.string(), reason: z.string() })),
  /** Seconds left by the rate so far, when the totals are known; null otherwise. */
  etaSeconds: z.number().nullable(),
  /** Why the run failed or stopped, in words a person understands. */
  error: z.string().nullable(),
  /** An upload run whose kept file was discarded on request: it can no longer be resumed. */
  uploadDiscarded: z.boolean(),
});
export type Migration = z.infer<typeof migrationSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2000, 'the address is too long')
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'give the source API address, e.g. https://abcd1234.lc-cn-n1-shared.com');

/** POST /api/apps/<app>/migrations: a live copy from another app. */
export const startLiveMigrationBodySchema = z
  .object({
    sourceUrl: httpUrl,
    sourceAppId: z.string().trim().min(1, "give the source app's App ID").max(200),
    sourceMasterKey: z.string().min(1, "give the source app's Master Key").max(500),
    /** Fetch file content from the source's URLs while it still serves them. */
    downloadFiles: z.boolean().default(false),
  })
  .strict();
export type StartLiveMigrationBody = z.infer<typeof startLiveMigrationBodySchema>;

/**
 * POST /api/apps/<app>/migrations/upload?name=<file>&downloadFiles=0|1: the request body is the
 * export itself (a .zip, a JSON or JSON-lines file, or a CSV), sent as application/octet-stream.
 */
export const MAX_MIGRATION_UPLOAD_BYTES = 1024 * 1024 * 1024;
export const migrationUploadQuerySchema = z
  .object({
    name: z
      .string()
      .min(1, 'name the uploaded file')
      .max(255, 'the file name is too long')
      .regex(/\.(zip|json|jsonl|csv)$/i, 'upload a LeanCloud export: a .zip, .json, .jsonl or .csv file'),
    downloadFiles: z.enum(['0', '1']).default('0'),
  })
  .strict();
export type MigrationUploadQuery = z.infer<typeof migrationUploadQuerySchema>;

export const migrationResponseSchema = z.object({ migration: migrationSchema });
export const migrationsResponseSchema = z.object({ migrations: z.array(migrationSchema) });
