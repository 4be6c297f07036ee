import type { Messages } from './locales/en';

// Types every t() key against the English messages, so a missing or misspelled key fails typecheck.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}
