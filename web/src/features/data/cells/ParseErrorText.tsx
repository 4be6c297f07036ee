import { useTranslation } from 'react-i18next';
import type { ParseError } from '../editing/json-text';

/** A parse error in words, e.g. "Not valid JSON (line 3, column 7)". */
export function useParseErrorMessage(): (error: ParseError | undefined) => string {
  const { t } = useTranslation();
  return (error) => (error ? t(`edit.errors.${error.code}`, error.params ?? {}) : '');
}
