import { createContext, useContext } from 'react';

export type ColorMode = 'light' | 'dark';

/** The stored choice, else what the operating system prefers. */
export function initialColorMode(stored: string | null, prefersDark: boolean): ColorMode {
  if (stored === 'light' || stored === 'dark') return stored;
  return prefersDark ? 'dark' : 'light';
}

export function otherMode(mode: ColorMode): ColorMode {
  return mode === 'dark' ? 'light' : 'dark';
}

export function systemPrefersDark(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-color-scheme: dark)').matches
    : false;
}

export interface ColorModeState {
  mode: ColorMode;
  toggle: () => void;
}

export const ColorModeContext = createContext<ColorModeState | null>(null);

export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) throw new Error('useColorMode needs a ColorModeContext provider');
  return state;
}
