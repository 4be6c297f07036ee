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
  readColorModePreference,
  systemPrefersDark,
} from '../components/theme/color-mode';
import type { ColorMode, ColorModePreference, ColorModeState } from '../components/theme/color-mode';
import { isTimeZone } from '@switchboard/shared';
import { readPreference, STORAGE_KEYS, writePreference } from '../lib/storage';
import { browserTimeZone, TimeZoneContext } from '../lib/time-zone';
import type { TimeZoneState } from '../lib/time-zone';
import { createAppTheme } from './theme';

function ColorModeProvider({ children }: { children: ReactNode }) {
  const [preference, setPreferenceState] = useState<ColorModePreference>(() =>
    readColorModePreference(readPreference(STORAGE_KEYS.colorMode)),
  );
  const mode: ColorMode = preference === 'system' ? initialColorMode(null, systemPrefersDark()) : preference;
  const state = useMemo<ColorModeState>(() => {
    const setPreference = (next: ColorModePreference) => {
      writePreference(STORAGE_KEYS.colorMode, next);
      setPreferenceState(next);
    };
    return { mode, preference, setPreference, toggle: () => setPreference(otherMode(mode)) };
  }, [mode, preference]);
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

function TimeZoneProvider({ children }: { children: ReactNode }) {
  // A stored zone this browser does not know would make every date fail to format.
  const [preference, setPreferenceState] = useState<string | null>(() => {
    const stored = readPreference(STORAGE_KEYS.timeZone);
    return stored && isTimeZone(stored) ? stored : null;
  });
  const state = useMemo<TimeZoneState>(
    () => ({
      timeZone: preference ?? browserTimeZone(),
      preference,
      setPreference: (next) => {
        writePreference(STORAGE_KEYS.timeZone, next ?? '');
        setPreferenceState(next);
      },
    }),
    [preference],
  );
  return <TimeZoneContext value={state}>{children}</TimeZoneContext>;
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
        <ColorModeProvider>
          <TimeZoneProvider>{children}</TimeZoneProvider>
        </ColorModeProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return styleCache ? <CacheProvider value={styleCache}>{tree}</CacheProvider> : tree;
}
