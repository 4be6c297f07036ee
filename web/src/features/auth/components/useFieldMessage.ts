import { useTranslation } from 'react-i18next';
import type { FieldMessage } from '../utils/validate';

/** Translate a validation message for a TextField's helperText. */
export function useFieldMessage(): (message: FieldMessage | undefined) => string | undefined {
  const { t } = useTranslation();
  return (message) => (message ? t(`auth.validation.${message.key}`, message.values ?? {}) : undefined);
}
