import { describe, expect, it } from 'vitest';
import { loadAreas, translator } from '#shared/i18n/runtime';
import type { PlanDto } from '#shared/schemas/billing';
import { SEED_PLANS } from '#server/db/seed/plans';
import { descriptionKey, FEATURE_TEXTS, plansIn } from './plan-texts';

const seeded = (): PlanDto[] =>
  SEED_PLANS.map((p) => ({
    id: p.code,
    code: p.code,
    name: p.name,
    amount: p.amountPaise,
    currency: 'INR',
    interval: p.interval,
    description: p.description,
    features: Object.fromEntries(p.features.map((f) => [f, true])),
    popular: p.popular,
    deviceLimit: p.deviceLimit,
  }));

describe('the plans in the reader language (decision 096)', () => {
  it('holds the seeded English word for word: every description by its plan, every feature', async () => {
    await loadAreas('en', ['plans']);
    const en = translator('en', 'plans');
    for (const plan of SEED_PLANS) {
      expect(en(descriptionKey(plan.code)), plan.code).toBe(plan.description);
      for (const feature of plan.features)
        expect(
          FEATURE_TEXTS.map((k) => en(k)),
          feature,
        ).toContain(feature);
    }
  });

  it('shows the seeded texts in Hindi and French, names and prices as they are; English unchanged', async () => {
    const [week] = await plansIn(seeded(), 'hi');
    expect(week.name).toBe('Stealth Week');
    expect(week.amount).toBe(9_900);
    expect(week.description).toBe('इंटरव्यू वाले हफ़्ते के लिए सात दिन की पूरी पहुँच।');
    expect(Object.keys(week.features)).toEqual(['स्क्रीन शेयरिंग के दौरान अदृश्य', 'AI सहायक: ChatGPT, Grok, DeepSeek', 'सभी कीबोर्ड शॉर्टकट', 'क्लिक-थ्रू और पारदर्शिता नियंत्रण', 'ईमेल सहायता']);
    const month = (await plansIn(seeded(), 'fr'))[1];
    expect(month.description).toBe('Accès complet, renouvelé chaque mois.');
    expect(await plansIn(seeded(), 'en')).toEqual(seeded());
  });

  it('keeps a text changed in the database as stored, in every language', async () => {
    const plans = seeded();
    plans[0] = { ...plans[0], description: 'Our summer offer: a week of everything.', features: { 'Invisible during screen sharing': true, 'A new feature': true } };
    const [week] = await plansIn(plans, 'es');
    expect(week.description).toBe('Our summer offer: a week of everything.');
    expect(Object.keys(week.features)).toEqual(['Invisible al compartir pantalla', 'A new feature']);
  });
});
