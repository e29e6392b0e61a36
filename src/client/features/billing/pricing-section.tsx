import { lazy, Suspense } from 'react';
import { useNavigate } from '../../components/router';
import { DEVICES } from '#shared/constants';
import { publicPlansRead } from '#shared/landing-reads';
import { openAuthModal, useAuth } from '../auth/auth-context';
import { useFetched } from '../../api/use-fetched';
import { useLocale, useT } from '../../i18n';
import { fetchPublicPlans } from './api';
import { PlanGrid } from './plan-grid';

/** The built-in plans and their texts come only when the plans cannot be loaded: none of it on the landing's path. */
const FallbackPlanGrid = lazy(() => import('./fallback-plans').then((m) => ({ default: m.FallbackPlanGrid })));

/**
 * The landing page's #pricing section: plans from the server, or the two built-in plans when they cannot be loaded
 * (in the page's language, their texts loaded then).
 */
export function PricingSection() {
  const { isLoggedIn } = useAuth();
  const t = useT('landing');
  const navigate = useNavigate();
  const locale = useLocale();
  const query = useFetched(publicPlansRead(locale).key, () => fetchPublicPlans(undefined, locale), 5 * 60_000);
  const choose = () => (isLoggedIn ? navigate('/billing') : openAuthModal('login'));
  const loading = (
    <div className="mx-auto grid max-w-5xl gap-6 md:grid-cols-3" aria-busy="true" aria-label={t('pricingLoading')}>
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-96 animate-pulse rounded-2xl border border-ink-800 bg-ink-900" />
      ))}
    </div>
  );

  return (
    <section id="pricing" aria-labelledby="pricing-heading" className="container-page scroll-mt-16 py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="pricing-heading" className="text-3xl font-bold tracking-tight text-ink-100 sm:text-4xl">
          {t('pricingTitle')}
        </h2>
        <p className="mt-4 text-ink-300">{t('pricingLead', { devices: DEVICES.trialLimit })}</p>
      </div>
      {query.isError && (
        <p role="alert" className="mx-auto mt-6 max-w-md rounded-lg border border-yellow-500/30 bg-yellow-500/5 px-4 py-2 text-center text-sm text-yellow-100">
          {t('pricingFailed')}
        </p>
      )}
      <div className="mt-10">
        {query.isPending ? (
          loading
        ) : query.isError ? (
          <Suspense fallback={loading}>
            <FallbackPlanGrid onChoose={choose} />
          </Suspense>
        ) : (
          <PlanGrid plans={query.data ?? []} onChoose={choose} />
        )}
      </div>
    </section>
  );
}
