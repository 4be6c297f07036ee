import { useTranslation } from 'react-i18next';
import { asSentence, isNamedField, issuesOf } from '../lib/api/issues';

/**
 * Validation issues as sentences in the reader's language, each said once. An issue the console
 * has no words for keeps the server's (English) message.
 */
export function useIssueText() {
  const { t } = useTranslation();
  const fieldName = (path: string) =>
    isNamedField(path)
      ? t(`errors.fields.${path}`)
      : path
        ? t('errors.fieldNamed', { path })
        : t('errors.fields.value');
  const lines = (details: unknown): string[] => {
    const text = issuesOf(details).map((issue) =>
      issue.code
        ? t(`errors.issues.${issue.code}`, { ...issue.params, field: fieldName(issue.path) })
        : issue.path
          ? `${issue.path}: ${issue.message}`
          : asSentence(issue.message),
    );
    return [...new Set(text)];
  };
  return Object.assign(lines, { sentence: asSentence });
}
