import { isPlainObject, ISSUE_CODES } from '@switchboard/shared';
import type { ConsoleIssue, IssueCode } from '@switchboard/shared';

/** Fields the console names in its own words; any other is named as the server wrote it. */
export const NAMED_FIELDS = [
  'password',
  'newPassword',
  'currentPassword',
  'email',
  'token',
  'totp',
  'role',
  'name',
] as const;
export type NamedField = (typeof NAMED_FIELDS)[number];

export const isNamedField = (path: string): path is NamedField =>
  (NAMED_FIELDS as readonly string[]).includes(path);

const isIssueCode = (code: unknown): code is IssueCode =>
  typeof code === 'string' && (ISSUE_CODES as readonly string[]).includes(code);

/**
 * The validation issues in an error's `details` (the contract leaves `details` open). The path
 * may be a dotted string (the bff) or a list (zod as it is); other shapes are ignored.
 */
export function issuesOf(details: unknown): ConsoleIssue[] {
  if (!Array.isArray(details)) return [];
  const issues: ConsoleIssue[] = [];
  for (const item of details) {
    if (!isPlainObject(item) || typeof item.message !== 'string') continue;
    const path = Array.isArray(item.path)
      ? item.path.map(String).join('.')
      : typeof item.path === 'string'
        ? item.path
        : '';
    // Only the bounds the messages name: any other key could steer i18next (count, lng, ...).
    const params: Record<string, number> = {};
    if (isPlainObject(item.params)) {
      for (const k of ['min', 'max']) {
        const v = item.params[k];
        if (typeof v === 'number') params[k] = v;
      }
    }
    issues.push({
      path,
      message: item.message,
      ...(isIssueCode(item.code) ? { code: item.code } : {}),
      params,
    });
  }
  return issues;
}

/** A server's message as a sentence: it may start in lower case, as zod messages do. */
export const asSentence = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);
