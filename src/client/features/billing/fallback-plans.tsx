import { useMemo } from 'react';
import { FALLBACK_PLANS } from '#shared/constants';
import type { TextKey, Translate } from '#shared/i18n/runtime';
import type { PlanDto } from '#shared/schemas/billing';
import { useT } from '../../i18n';
import { PlanGrid } from './plan-grid';

type FallbackPlan = (typeof FALLBACK_PLANS)[number];
/** Every feature text of either plan. */
type FeatureText<P = FallbackPlan> = P extends { features: infer F } ? keyof F : never;

/** Each built-in plan's description in the `billing` texts (their English is FALLBACK_PLANS', as a test checks). */
const DESCRIPTION: Record<FallbackPlan['code'], TextKey<'billing'>> = {
  stealth_week: 'fallbackWeekDescription',
  stealth_month: 'fallbackMonthDescription',
};

/** The built-in plans' features, by their English text. */
const FEATURE: Record<FeatureText, TextKey<'billing'>> = {
  'Invisible during screen sharing': 'fallbackFeatInvisible',
  'AI helpers': 'fallbackFeatAi',
  'All keyboard shortcuts': 'fallbackFeatShortcuts',
  'Priority email support': 'fallbackFeatPrioritySupport',
};

/** The two built-in plans in a language: names and prices as they are, description and features translated. */
export const fallbackPlansIn = (t: Translate<'billing'>): PlanDto[] =>
  FALLBACK_PLANS.map((plan) => ({
    ...plan,
    description: t(DESCRIPTION[plan.code]),
    features: Object.fromEntries(Object.entries(plan.features).map(([text, value]) => [t(FEATURE[text as FeatureText]), value])),
  }));

/**
 * The pricing shown when the plans cannot be loaded, in the page's language. Its texts are the billing page's, which a
 * page loads only when it shows them (the landing page does not carry them): the caller waits for them in Suspense.
 */
export function FallbackPlanGrid({ onChoose }: { onChoose: () => void }) {
  const t = useT('billing');
  const plans = useMemo(() => fallbackPlansIn(t), [t]);
  return <PlanGrid plans={plans} onChoose={onChoose} />;
}
