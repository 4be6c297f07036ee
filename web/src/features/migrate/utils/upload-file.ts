import { MAX_MIGRATION_UPLOAD_BYTES, migrationUploadQuerySchema } from '@switchboard/shared';

/** What a file input may offer; the contract's pattern decides, this only narrows the picker. */
export const EXPORT_ACCEPT = '.zip,.json,.jsonl,.csv';

export type FileProblem = 'type' | 'tooLarge' | 'empty';

/**
 * Why a chosen file cannot be sent, checked before a byte leaves the browser, with the same rules
 * the bff applies (the bff checks again).
 */
export function fileProblem(file: { name: string; size: number }): FileProblem | null {
  if (!migrationUploadQuerySchema.shape.name.safeParse(file.name).success) return 'type';
  if (file.size > MAX_MIGRATION_UPLOAD_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}
