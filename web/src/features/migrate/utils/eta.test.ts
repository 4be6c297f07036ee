import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { en } from '../../../lib/i18n/locales/en';
import { etaFromSeconds } from './eta';

describe('etaFromSeconds', () => {
  it('says nothing without an estimate', () => {
    expect(etaFromSeconds(null)).toBeNull();
    expect(etaFromSeconds(-1)).toBeNull();
    expect(etaFromSeconds(Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('rounds to the unit a person would use', () => {
    expect(etaFromSeconds(0)).toEqual({ unit: 'lessThanMinute' });
    expect(etaFromSeconds(59)).toEqual({ unit: 'lessThanMinute' });
    expect(etaFromSeconds(117)).toEqual({ unit: 'minutes', count: 2 });
    expect(etaFromSeconds(59 * 60)).toEqual({ unit: 'minutes', count: 59 });
    expect(etaFromSeconds(3600 * 1.6)).toEqual({ unit: 'hours', count: 2 });
    expect(etaFromSeconds(3600 * 47)).toEqual({ unit: 'hours', count: 47 });
    expect(etaFromSeconds(86_400 * 3.2)).toEqual({ unit: 'days', count: 3 });
  });

  it('reads as words in English', async () => {
    const t = await i18next.createInstance().init({
      lng: 'en',
      resources: { en: { translation: en } },
      showSupportNotice: false,
    });
    const say = (s: number) => {
      const eta = etaFromSeconds(s)!;
      return eta.unit === 'lessThanMinute'
        ? t('migrate.eta.lessThanMinute')
        : t(`migrate.eta.${eta.unit}`, { count: eta.count });
    };
    expect(say(117)).toBe('about 2 min left');
    expect(say(30)).toBe('less than a minute left');
    expect(say(3600)).toBe('about 1 hour left');
    expect(say(7200)).toBe('about 2 hours left');
  });
});
