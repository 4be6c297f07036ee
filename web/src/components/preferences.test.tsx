import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import i18next from 'i18next';
import { STORAGE_KEYS } from '../lib/storage';
import { renderWithProviders } from '../test/render';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeToggle } from './ThemeToggle';
import { initialColorMode } from './theme/color-mode';

describe('ThemeToggle', () => {
  it('switches between light and dark and remembers the choice', async () => {
    const { user } = renderWithProviders(<ThemeToggle />);
    await user.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(localStorage.getItem(STORAGE_KEYS.colorMode)).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(localStorage.getItem(STORAGE_KEYS.colorMode)).toBe('light');
  });
});

describe('initialColorMode', () => {
  it('prefers the stored choice, then the system setting', () => {
    expect(initialColorMode('dark', false)).toBe('dark');
    expect(initialColorMode('light', true)).toBe('light');
    expect(initialColorMode(null, true)).toBe('dark');
    expect(initialColorMode('purple', false)).toBe('light');
  });
});

describe('LanguageSwitch', () => {
  it('switches to Simplified Chinese and remembers the choice', async () => {
    const { user } = renderWithProviders(<LanguageSwitch />);
    await user.click(screen.getByRole('button', { name: 'Language' }));
    await user.click(screen.getByRole('menuitemradio', { name: '简体中文' }));
    // The Chinese strings load on demand; the switch happens once they are here.
    expect(await screen.findByRole('button', { name: '语言' })).toBeInTheDocument();
    expect(i18next.language).toBe('zh-CN');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-CN');
    expect(document.documentElement.lang).toBe('zh-CN');
  });
});
