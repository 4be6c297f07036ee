import { createContext, useContext } from 'react';

export type ColorMode = 'light' | 'dark';
/** What the person chose: a mode, or whatever the operating system prefers. */
export type ColorModePreference = ColorMode | 'system';

export function readColorModePreference(stored: string | null): ColorModePreference {
  return stored === 'light' || stored === 'dark' ? stored : 'system';
}

/** The stored choice, else what the operating system prefers. */
export function initialColorMode(stored: string | null, prefersDark: boolean): ColorMode {
  const preference = readColorModePreference(stored);
  if (preference !== 'system') return preference;
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
  preference: ColorModePreference;
  toggle: () => void;
  setPreference: (preference: ColorModePreference) => void;
}

export const ColorModeContext = createContext<ColorModeState | null>(null);

export function useColorMode(): ColorModeState {
  const state = useContext(ColorModeContext);
  if (!state) throw new Error('useColorMode needs a ColorModeContext provider');
  return state;
}
