import { describe, expect, it } from 'vitest';
import { pickLanguage } from './index';
import { en } from './locales/en';
import { zhCN } from './locales/zh-CN';

function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (typeof value !== 'object' || value === null) return [[prefix, value]];
  return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
}

describe('pickLanguage', () => {
  it('prefers the stored choice', () => {
    expect(pickLanguage('zh-CN', ['en-US'])).toBe('zh-CN');
    expect(pickLanguage('en', ['zh-CN'])).toBe('en');
  });

  it('falls back to the browser languages, then English', () => {
    expect(pickLanguage(null, ['zh-Hans-CN', 'en'])).toBe('zh-CN');
    expect(pickLanguage('klingon', ['fr', 'en-GB'])).toBe('en');
    expect(pickLanguage(null, ['fr'])).toBe('en');
  });
});

describe('messages', () => {
  it('has a non-empty translation for every English key, with the same placeholders', () => {
    const zh = new Map(leaves(zhCN));
    for (const [key, text] of leaves(en)) {
      const other = zh.get(key);
      expect(typeof other === 'string' && other.length > 0, key).toBe(true);
      const placeholders = (s: unknown) => (String(s).match(/\{\{[^}]+\}\}/g) ?? []).sort();
      expect(placeholders(other), key).toEqual(placeholders(text));
    }
  });
});
