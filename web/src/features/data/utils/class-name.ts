import { CLASS_NAME_RE, MAX_CLASS_NAME_LENGTH } from '@switchboard/shared';

export type ClassNameProblem = 'empty' | 'builtin' | 'invalid' | 'tooLong' | 'exists';

/**
 * What is wrong with a new class name, by the rules the server applies (Doc 1): letters, digits
 * and underscore, starting with a letter; "_" names are the server's own. Undefined when fine.
 */
export function classNameProblem(name: string, existing: readonly string[]): ClassNameProblem | undefined {
  if (name === '') return 'empty';
  if (name.startsWith('_')) return 'builtin';
  if (!CLASS_NAME_RE.test(name)) return 'invalid';
  if (name.length > MAX_CLASS_NAME_LENGTH) return 'tooLong';
  // The server compares names exactly, so "book" and "Book" are two classes.
  if (existing.includes(name)) return 'exists';
  return undefined;
}
