import type { PlanCode } from '#shared/constants';
import type { Locale } from '#shared/i18n/locales';
import { loadAreas, translator, type TextKey } from '#shared/i18n/runtime';
import type { PlanDto } from '#shared/schemas/billing';

/** Each seeded plan's description in the `plans` catalog (its English is the seed's, as a test checks). */
const DESCRIPTION: Record<PlanCode, TextKey<'plans'>> = {
  stealth_week: 'descWeek',
  stealth_month: 'descMonth',
  stealth_year: 'descYear',
  stealth_lifetime: 'descLifetime',
};

/** The seeded plans' feature texts in the `plans` catalog. */
export const FEATURE_TEXTS: readonly TextKey<'plans'>[] = [
  'featInvisible',
  'featAi',
  'featShortcuts',
  'featClickThrough',
  'featEmailSupport',
  'featPrioritySupport',
  'featEarlyAccess',
  'featFutureUpdates',
];

export const descriptionKey = (code: PlanCode): TextKey<'plans'> => DESCRIPTION[code];

/**
 * The plans as a reader of `locale` sees them (decision 096): a description or a feature still worded as seeded (the
 * catalog's English, found by plan code for a description and by its text for a feature) is shown in the reader's
 * language; a text changed in the database stays as stored, since no translation of it exists. Names stay (product
 * names), as do prices. One rule for the landing's pricing and the account's billing: both read the plans here.
 */
export async function plansIn(plans: readonly PlanDto[], locale: Locale): Promise<PlanDto[]> {
  if (locale === 'en') return [...plans];
  await loadAreas('en', ['plans']);
  await loadAreas(locale, ['plans']);
  const en = translator('en', 'plans');
  const t = translator(locale, 'plans');
  const features = new Map(FEATURE_TEXTS.map((key) => [en(key), key]));
  return plans.map((plan) => {
    const key = DESCRIPTION[plan.code];
    return {
      ...plan,
      description: key && plan.description === en(key) ? t(key) : plan.description,
      features: Object.fromEntries(
        Object.entries(plan.features).map(([text, value]) => {
          const feature = features.get(text);
          return [feature ? t(feature) : text, value];
        }),
      ),
    };
  });
}
