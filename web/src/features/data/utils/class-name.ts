import { CLASS_NAME_RE, MAX_CLASS_NAME_LENGTH } from '@switchboard/shared';
import { caseTwin } from './name-case';

export type ClassNameProblem = 'empty' | 'builtin' | 'tooLong' | 'invalid' | 'exists';

/**
 * What is wrong with a new class name, by the rules the server applies (Doc 1): letters, digits
 * and underscore, starting with a letter; "_" names are the server's own. Undefined when fine.
 */
export function classNameProblem(name: string, existing: readonly string[]): ClassNameProblem | undefined {
  if (name === '') return 'empty';
  if (name.startsWith('_')) return 'builtin';
  if (name.length > MAX_CLASS_NAME_LENGTH) return 'tooLong';
  if (!CLASS_NAME_RE.test(name)) return 'invalid';
  // The server compares names exactly, so "book" and "Book" are two classes (classCaseTwin warns).
  if (existing.includes(name)) return 'exists';
  return undefined;
}

/** A class whose name differs from the new one only in case: allowed, but worth a warning. */
export const classCaseTwin = (name: string, existing: readonly string[]): string | undefined =>
  caseTwin(name, existing);
