import { useMemo, useState } from 'react';
import type { ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import { CacheProvider } from '@emotion/react';
import type { EmotionCache } from '@emotion/cache';
import { I18nextProvider } from 'react-i18next';
import type { i18n as I18n } from 'i18next';
import {
  ColorModeContext,
  initialColorMode,
  otherMode,
  systemPrefersDark,
} from '../components/theme/color-mode';
import type { ColorMode, ColorModeState } from '../components/theme/color-mode';
import { readPreference, STORAGE_KEYS, writePreference } from '../lib/storage';
import { createAppTheme } from './theme';

function ColorModeProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<ColorMode>(() =>
    initialColorMode(readPreference(STORAGE_KEYS.colorMode), systemPrefersDark()),
  );
  const state = useMemo<ColorModeState>(
    () => ({
      mode,
      toggle: () => {
        const next = otherMode(mode);
        writePreference(STORAGE_KEYS.colorMode, next);
        setMode(next);
      },
    }),
    [mode],
  );
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <ColorModeContext value={state}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ColorModeContext>
  );
}

export interface AppProvidersProps {
  queryClient: QueryClient;
  i18n: I18n;
  /** Emotion's cache, carrying the CSP nonce in production; emotion's default otherwise. */
  styleCache?: EmotionCache;
  children: ReactNode;
}

export function AppProviders({ queryClient, i18n, styleCache, children }: AppProvidersProps) {
  const tree = (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ColorModeProvider>{children}</ColorModeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return styleCache ? <CacheProvider value={styleCache}>{tree}</CacheProvider> : tree;
}
