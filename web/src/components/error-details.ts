import { isPlainObject } from '@switchboard/shared';

/**
 * Readable lines from an error's `details`. The contract leaves `details` open; the one shape
 * worth listing is a list of validation issues ({path?, message}), as zod produces.
 */
export function detailLines(details: unknown): string[] {
  if (!Array.isArray(details)) return [];
  const lines: string[] = [];
  for (const item of details) {
    if (!isPlainObject(item) || typeof item.message !== 'string') continue;
    const path = Array.isArray(item.path) ? item.path.map(String).join('.') : '';
    lines.push(path ? `${path}: ${item.message}` : item.message);
  }
  return lines;
}
