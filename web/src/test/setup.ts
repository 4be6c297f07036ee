import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import i18next from 'i18next';
import { initI18n, loadLanguage } from '../lib/i18n';

// findBy* and waitFor give up after 1 s by default; a page whose code loads lazily can take
// longer on a busy 2-core machine. Waiting longer changes no assertion, only when it gives up.
configure({ asyncUtilTimeout: 5000 });

initI18n('en');
await loadLanguage('en');

afterEach(async () => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('en');
});
