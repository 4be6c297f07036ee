import { describe, expect, it } from 'vitest';
import { toApply, toSave } from './sync';
import type { LocalPreferences } from './sync';

const local: LocalPreferences = { language: 'en', theme: 'system', timeZone: null };

describe('toApply', () => {
  it('takes what was chosen on the server and differs here', () => {
    expect(toApply({ language: 'zh-CN', theme: 'dark', timeZone: 'Asia/Shanghai' }, local)).toEqual({
      language: 'zh-CN',
      theme: 'dark',
      timeZone: 'Asia/Shanghai',
    });
  });

  it('leaves the browser as it is where nothing was chosen or nothing differs', () => {
    expect(toApply({ language: null, theme: null, timeZone: null }, local)).toEqual({});
    expect(toApply({ language: 'en', theme: 'system', timeZone: null }, local)).toEqual({});
  });
});

describe('toSave', () => {
  const server = { language: 'en' as const, theme: null, timeZone: null };

  it('sends what the person changed here', () => {
    expect(toSave(local, { ...local, theme: 'dark' }, server)).toEqual({ theme: 'dark' });
    expect(toSave(local, { ...local, timeZone: 'UTC' }, server)).toEqual({ timeZone: 'UTC' });
    expect(toSave(local, { ...local, language: 'zh-CN' }, server)).toEqual({ language: 'zh-CN' });
  });

  it('sends nothing when a change only applied the server’s value', () => {
    const held = { language: 'zh-CN' as const, theme: 'dark' as const, timeZone: 'UTC' };
    expect(toSave(local, { language: 'zh-CN', theme: 'dark', timeZone: 'UTC' }, held)).toEqual({});
  });

  it('sends going back to the browser’s zone as null', () => {
    const held = { language: null, theme: null, timeZone: 'UTC' };
    expect(toSave({ ...local, timeZone: 'UTC' }, local, held)).toEqual({ timeZone: null });
  });

  it('ignores a language the console is not written in', () => {
    expect(toSave(local, { ...local, language: 'fr' }, server)).toEqual({});
  });
});
