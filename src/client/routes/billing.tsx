import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { EVENTS } from '../../shared/constants';
import type { PlanDto, SubscriptionDto } from '../../shared/schemas/billing';
import { Page } from '../components/page';
import { Spinner } from '../components/spinner';
import { Tabs } from '../components/tabs';
import { useToast } from '../components/toast';
import { useLocale, useT } from '../i18n';
import { useAuth } from '../features/auth/auth-context';
import { billingKeys, fetchCurrentSubscription, fetchPaymentsConfig, fetchPlans } from '../features/billing/api';
import { BillingOverview } from '../features/billing/billing-overview';
import { CancelSubscription } from '../features/billing/cancel-subscription';
import { Checkout } from '../features/billing/checkout';
import { useCheckoutScript } from '../features/billing/checkout-script';
import { isLive } from '../features/billing/format';
import { stillRuns } from '../features/account/subscription-display';
import { PaidDaysNotice } from '../features/billing/paid-days-notice';
import { failureText, openCardChange } from '../features/billing/open-checkout';
import { PlanChange } from '../features/billing/plan-change';
import { RenewalNotice } from '../features/billing/renewal-notice';
import { RefundEndedNotice } from '../features/billing/refund-notice';
import { PaymentHistory } from '../features/billing/payment-history';
import { PaymentSuccess } from '../features/billing/payment-success';
import { PlanGrid } from '../features/billing/plan-grid';

const TAB_IDS = ['overview', 'history', 'cancel'] as const;
type Tab = (typeof TAB_IDS)[number];
/** The tabs' names (R-2.8) in the `msg` texts. */
const TAB_KEYS = ['billingTabs.0', 'billingTabs.1', 'billingTabs.2'] as const;

function ErrorCard({ message, onRetry }: { message: string; onRetry: () => void }) {
  const t = useT('billing');
  return (
    <div className="card text-center" role="alert">
      <p className="text-red-300">{message}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
        {t('retry')}
      </button>
    </div>
  );
}

/** The plans, a chosen plan's checkout, then the success state: the Overview tab while nothing is active. */
function PlansView({ scriptState, onPaid, notice, warning }: { scriptState: 'loading' | 'ready' | 'error'; onPaid: () => void; notice?: ReactNode; warning?: ReactNode }) {
  const t = useT('billing');
  const msg = useT('msg');
  const locale = useLocale();
  const plans = useQuery({ queryKey: billingKeys.plans(locale), queryFn: ({ signal }) => fetchPlans(locale, signal) });
  const [chosen, setChosen] = useState<PlanDto | null>(null);
  if (chosen) return <Checkout plan={chosen} scriptState={scriptState} onBack={() => setChosen(null)} onPaid={onPaid} warning={warning} />;
  if (plans.isPending) return <Spinner label={t('loadingPlans')} />;
  if (plans.isError) return <ErrorCard message={msg('plansFailed')} onRetry={() => void plans.refetch()} />;
  return (
    <section aria-labelledby="plans-heading">
      {notice && <div className="mb-6">{notice}</div>}
      {warning && <div className="mb-6">{warning}</div>}
      <h2 id="plans-heading" className="mb-6 text-center text-lg font-semibold text-ink-100">
        {t('plansHeading')}
      </h2>
      <PlanGrid plans={plans.data} onChoose={setChosen} />
    </section>
  );
}

/** /billing: tabs Overview, Payment History, Cancel Subscription. */
export function BillingPage() {
  const toast = useToast();
  const t = useT('billing');
  const msg = useT('msg');
  const queryClient = useQueryClient();
  const { refresh, user } = useAuth();
  const [tab, setTab] = useState<Tab>('overview');
  const [paid, setPaid] = useState(false);
  const scriptState = useCheckoutScript();
  // After a card change Razorpay charges the due renewal and tells us by webhook: look again until it has landed.
  const [awaitingCharge, setAwaitingCharge] = useState(false);
  const current = useQuery({ queryKey: billingKeys.current, queryFn: ({ signal }) => fetchCurrentSubscription(signal), refetchInterval: awaitingCharge ? 1000 : false });
  const config = useQuery({ queryKey: billingKeys.config, queryFn: ({ signal }) => fetchPaymentsConfig(signal) });

  useEffect(() => {
    if (scriptState === 'error') toast.error(msg('gatewayLoadFailed'));
  }, [scriptState, toast, msg]);
  useEffect(() => {
    if (current.isError) toast.error(msg('subscriptionCheckFailed'));
  }, [current.isError, toast, msg]);

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: billingKeys.current });
    void queryClient.invalidateQueries({ queryKey: ['payments'] });
    void refresh();
    window.dispatchEvent(new Event(EVENTS.refreshUserState));
  };
  const onPaid = () => {
    setPaid(true);
    void queryClient.invalidateQueries({ queryKey: billingKeys.current });
    void queryClient.invalidateQueries({ queryKey: ['payments'] });
    void refresh();
  };

  const subscription = current.data ?? null;
  // A halted subscription keeps its paid period: billing shows it, with the failed renewal and Pay again (decision 085).
  const halted = subscription?.status === 'halted' && stillRuns(subscription) && !subscription.replacedBy ? subscription : null;
  const shown = isLive(subscription) ? subscription : halted;
  const [payingAgain, setPayingAgain] = useState(false);
  useEffect(() => {
    if (awaitingCharge && current.data && !current.data.renewal) {
      setAwaitingCharge(false);
      toast.success(t('renewalPaid'));
      void refresh();
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
    }
  }, [awaitingCharge, current.data, toast, refresh, queryClient, t]);
  const updateCard = (s: SubscriptionDto) => {
    if (!config.data || !s.razorpaySubscriptionId) return toast.error(msg('gatewayLoadFailed'));
    openCardChange(
      config.data.keyId,
      { razorpaySubscriptionId: s.razorpaySubscriptionId, description: t('cardChangeFor', { plan: s.planName }) },
      {
        prefill: { name: `${user?.firstName ?? ''} ${user?.lastName ?? ''}`.trim(), email: user?.email ?? '', contact: user?.phone ?? '' },
        onChanged: () => {
          toast.success(t('cardUpdated'));
          setAwaitingCharge(true);
        },
        onFailed: (failure) => toast.error(failureText(msg, failure)),
        onDismiss: () => undefined,
      },
    );
  };
  const renewalNotice = subscription?.renewal ? (
    <RenewalNotice
      subscription={subscription}
      action={
        subscription.renewal.state === 'halted' ? (
          payingAgain ? undefined : (
            <button type="button" className="btn-primary" onClick={() => setPayingAgain(true)}>
              {t('payAgain')}
            </button>
          )
        ) : subscription.renewal.state === 'pending' && !subscription.replacedBy ? (
          <button type="button" className="btn-primary" onClick={() => updateCard(subscription)} disabled={awaitingCharge || scriptState !== 'ready'} aria-busy={awaitingCharge}>
            {awaitingCharge ? t('chargingNewCard') : t('updateCard')}
          </button>
        ) : undefined
      }
    />
  ) : null;
  const changeable = shown !== null && shown.kind === 'subscription' && shown.status === 'active' && !shown.cancelAtPeriodEnd && !shown.renewal;
  const tabs = TAB_IDS.map((id, i) => ({ id, label: msg(TAB_KEYS[i]) }));
  let body;
  if (paid) body = <PaymentSuccess />;
  else if (tab === 'history') body = <PaymentHistory />;
  else if (current.isPending) body = <Spinner label={t('loadingBilling')} />;
  else if (current.isError) body = <ErrorCard message={msg('billingFailed')} onRetry={() => void current.refetch()} />;
  else if (tab === 'cancel' && halted)
    body = (
      <div className="card">
        <p className="text-ink-100">{t('haltedNothingToCancel')}</p>
      </div>
    );
  else if (tab === 'cancel') body = <CancelSubscription subscription={isLive(subscription) ? subscription : null} onChanged={changed} />;
  else if (shown && !payingAgain)
    body = (
      <BillingOverview subscription={shown} notice={renewalNotice}>
        {changeable && <PlanChange subscription={shown} scriptState={scriptState} onChanged={changed} onPaid={onPaid} />}
      </BillingOverview>
    );
  else
    body = (
      <PlansView
        scriptState={scriptState}
        onPaid={onPaid}
        notice={renewalNotice ?? (subscription?.endedByRefund ? <RefundEndedNotice subscription={subscription} /> : null)}
        warning={halted ? <PaidDaysNotice subscription={halted} /> : undefined}
      />
    );

  return (
    <Page title={t('billingTitle')} subtitle={t('billingSubtitle')}>
      {!paid && (
        <div className="mb-6">
          <Tabs label={t('billingTitle')} tabs={tabs} active={tab} onSelect={setTab} tabId={(t) => `billing-tab-${t}`} panelId={() => 'billing-panel'} />
        </div>
      )}
      <div role={paid ? undefined : 'tabpanel'} id="billing-panel" aria-labelledby={paid ? undefined : `billing-tab-${tab}`}>
        {body}
      </div>
    </Page>
  );
}
