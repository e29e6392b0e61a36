import { describe, expect, it } from 'vitest';
import { FALLBACK_PLANS } from '#shared/constants';
import { LOCALES } from '#shared/i18n/locales';
import { loadAreas, translator } from '#shared/i18n/runtime';
import { fallbackPlansIn } from './fallback-plans';

describe('the built-in plans shown when the plans cannot be loaded', () => {
  it("are the spec's English plans in English, word for word", async () => {
    await loadAreas('en', ['billing']);
    expect(fallbackPlansIn(translator('en', 'billing'))).toEqual(FALLBACK_PLANS);
  });

  it('show their description and every feature in Hindi, names, prices and the popular mark as they are', async () => {
    await loadAreas('hi', ['billing']);
    const [week, month] = fallbackPlansIn(translator('hi', 'billing'));
    expect(week).toMatchObject({ name: 'Stealth Week', amount: 9_900, interval: 'week', popular: false, description: 'सात दिन की पूरी पहुँच।' });
    expect(Object.keys(week.features)).toEqual(['स्क्रीन शेयरिंग के दौरान अदृश्य', 'AI सहायक', 'सभी कीबोर्ड शॉर्टकट']);
    expect(month).toMatchObject({ name: 'Stealth Month', amount: 29_900, popular: true, description: 'पूरी पहुँच, हर महीने नवीनीकृत।' });
    expect(month.features['प्राथमिकता वाली ईमेल सहायता']).toBe(true);
  });

  it('have every text in every language, none left in English but the names', async () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      await loadAreas(locale, ['billing']);
      const plans = fallbackPlansIn(translator(locale, 'billing'));
      const english = FALLBACK_PLANS.flatMap((p) => [p.description, ...Object.keys(p.features)]);
      const texts = plans.flatMap((p) => [p.description, ...Object.keys(p.features)]);
      expect(
        texts.filter((text) => english.includes(text) || text.startsWith('billing.')),
        locale,
      ).toEqual([]);
    }
  });
});
