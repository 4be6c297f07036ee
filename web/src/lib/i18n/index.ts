import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference, STORAGE_KEYS, writePreference } from '../storage';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';

export const LANGUAGES = ['en', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Each language is named in itself, so a reader finds theirs whatever is shown now. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The stored choice, else the browser's preference, else English. */
export function pickLanguage(stored: string | null, browser: readonly string[]): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lower = tag.toLowerCase();
    if (lower === 'zh' || lower.startsWith('zh-cn') || lower.startsWith('zh-hans') || lower === 'zh-sg')
      return 'zh-CN';
    if (lower.startsWith('en')) return 'en';
  }
  return 'en';
}

function syncDocumentLanguage(lng: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

/** Initialise the shared i18next instance once; later calls return it as it is. */
export function initI18n(language?: Language): I18n {
  if (i18next.isInitialized) return i18next;
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  const lng = language ?? pickLanguage(readPreference(STORAGE_KEYS.language), browser);
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, 'zh-CN': { translation: zhCN } },
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
    // Resources are bundled, so initialisation is synchronous and the first render is translated.
    initAsync: false,
    // Keeps the browser console (and test output) free of the library's advertisement.
    showSupportNotice: false,
  });
  i18next.on('languageChanged', syncDocumentLanguage);
  syncDocumentLanguage(lng);
  return i18next;
}

export async function changeLanguage(lng: Language): Promise<void> {
  writePreference(STORAGE_KEYS.language, lng);
  await i18next.changeLanguage(lng);
}
