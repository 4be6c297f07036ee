import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { messageTemplate } from './template';

/** `t` of an instance holding `resources`, untyped (the app's own keys are not these). */
async function tFor(resources: Record<string, string>) {
  const i18n = createInstance();
  await i18n.init({
    lng: 'en',
    resources: { en: { translation: resources } },
    interpolation: { escapeValue: false },
  });
  const t = i18n.t as unknown as (key: string, values: Record<string, string>) => string;
  return (key: string) => (values: Record<string, string>) => t(key, values);
}

describe('messageTemplate', () => {
  it('fills the placeholders as t would', async () => {
    const tr = await tFor({ open: 'Open {{className}} {{objectId}}' });
    const fill = messageTemplate(['className', 'objectId'], tr('open'));
    expect(fill({ className: 'Owner', objectId: 'a1' })).toBe(
      tr('open')({ className: 'Owner', objectId: 'a1' }),
    );
  });

  it('keeps the order of a translation that swaps the placeholders', async () => {
    const tr = await tFor({ open: '打开 {{objectId}}（{{className}}）' });
    const fill = messageTemplate(['className', 'objectId'], tr('open'));
    expect(fill({ className: 'Owner', objectId: 'a1' })).toBe('打开 a1（Owner）');
  });

  it('leaves values as given, with no interpolation inside them', async () => {
    const tr = await tFor({ utc: 'UTC: {{value}}' });
    expect(messageTemplate(['value'], tr('utc'))({ value: '{{value}} 1' })).toBe('UTC: {{value}} 1');
  });
});
