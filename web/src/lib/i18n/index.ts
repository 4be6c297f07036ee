import i18next from 'i18next';
import type { i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readPreference, STORAGE_KEYS, writePreference } from '../storage';
import type { Messages } from './locales/en';

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

/**
 * Every language's strings load on demand, so a first visit downloads one language's strings and
 * the strings of the whole console do not weigh on the first page's JavaScript.
 */
const LOADERS: Record<Language, () => Promise<Messages>> = {
  en: async () => (await import('./locales/en')).en,
  'zh-CN': async () => (await import('./locales/zh-CN')).zhCN,
};

/**
 * Starts fetching a language's strings without adding them (safe before initI18n); loadLanguage
 * then finds the module already on its way.
 */
export function preloadLanguage(lng: Language): void {
  LOADERS[lng]().catch(() => undefined);
}

/** Makes a language's strings available; resolves at once when they already are. */
export async function loadLanguage(lng: Language): Promise<void> {
  if (i18next.hasResourceBundle(lng, 'translation')) return;
  i18next.addResourceBundle(lng, 'translation', await LOADERS[lng]());
}

/** The language the console starts in: the stored choice, else the browser's. */
export function initialLanguage(): Language {
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages;
  return pickLanguage(readPreference(STORAGE_KEYS.language), browser);
}

/**
 * Initialise the shared i18next instance once; later calls return it as it is. Render only after
 * `loadLanguage(lng)` has resolved, or the first render shows keys instead of text.
 */
export function initI18n(language?: Language): I18n {
  if (i18next.isInitialized) return i18next;
  const lng = language ?? initialLanguage();
  void i18next.use(initReactI18next).init({
    resources: {},
    // Keeps resources added later by loadLanguage (i18next would otherwise drop unknown ones).
    partialBundledLanguages: true,
    lng,
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    // React escapes what it renders; escaping here too would show entities.
    interpolation: { escapeValue: false },
    // No backend: strings arrive through loadLanguage, so there is nothing to wait for here.
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
  await loadLanguage(lng);
  await i18next.changeLanguage(lng);
}
