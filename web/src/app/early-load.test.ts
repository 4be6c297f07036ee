import { describe, expect, it, vi } from 'vitest';
import type * as I18n from '../lib/i18n';

const seen = vi.hoisted(() => ({ dataEvaluated: false, languages: [] as string[] }));

vi.mock('../features/data', () => {
  seen.dataEvaluated = true;
  return {};
});
vi.mock('../lib/i18n', async (importOriginal) => ({
  ...(await importOriginal<typeof I18n>()),
  preloadLanguage: (lng: string) => seen.languages.push(lng),
}));

describe('startEarlyLoads', () => {
  it('asks for the language on import, and for the data area only at a data address', async () => {
    const { startEarlyLoads } = await import('./early-load');
    // Imported at "/": the language only.
    expect(seen.languages).toHaveLength(1);
    startEarlyLoads('/apps/default/users');
    await vi.dynamicImportSettled();
    expect(seen.dataEvaluated).toBe(false);
    startEarlyLoads('/apps/default/data/Product');
    await vi.dynamicImportSettled();
    expect(seen.dataEvaluated).toBe(true);
    expect(seen.languages).toHaveLength(3);
  });
});
