import { useRef, useState, type ReactNode } from 'react';
import { Link } from '../../components/router';
import { LIMITS } from '#shared/constants';
import { issue } from '#shared/errors';
import { billingFormSchema, CHECKOUT_REQUIRED, type BillingForm, type PlanDto } from '#shared/schemas/billing';
import { tokens } from '../../api/client';
import { useErrorText, useIssueText } from '../../errors';
import { useToast } from '../../components/toast';
import { rich, useLocalePath, useT } from '../../i18n';
import { useAuth } from '../auth/auth-context';
import { startSubscription } from './api';
import { BillingFormFields, COUNTRY_NAME, FIELD_LABEL } from './billing-form';
import { useMoney } from './format';
import { failureText, openCheckout } from './open-checkout';

/** `warning`: what paying now costs the customer beyond the price (the paid days of a halted plan, decision 121). */
type Props = { plan: PlanDto; scriptState: 'loading' | 'ready' | 'error'; onBack: () => void; onPaid: () => void; warning?: ReactNode };

function Steps({ step }: { step: 1 | 2 }) {
  const t = useT('billing');
  const item = (n: 1 | 2, label: string) => (
    <li className={`flex items-center gap-2 whitespace-nowrap ${step === n ? 'text-ink-100' : 'text-ink-400'}`} aria-current={step === n ? 'step' : undefined}>
      <span className={`flex h-7 w-7 items-center justify-center rounded-full text-xs font-semibold ${step >= n ? 'bg-accent-500 text-ink-950' : 'border border-ink-600'}`}>
        {n}
      </span>
      {label}
    </li>
  );
  return (
    <ol className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm font-medium" aria-label={t('stepOf', { step, total: LIMITS.checkoutSteps })}>
      {item(1, t('stepDetails'))}
      <li aria-hidden="true" className="hidden h-px w-10 bg-ink-700 sm:block" />
      {item(2, t('stepReview'))}
    </ol>
  );
}

/** Checkout in two steps: the billing form, then the review with the terms and Razorpay's window. */
export function Checkout({ plan, scriptState, onBack, onPaid, warning }: Props) {
  const errorText = useErrorText();
  const issueText = useIssueText();
  const { user } = useAuth();
  const toast = useToast();
  const t = useT('billing');
  const tl = useT('landing');
  const msg = useT('msg');
  const lp = useLocalePath();
  const money = useMoney();
  const [step, setStep] = useState<1 | 2>(1);
  const [values, setValues] = useState<BillingForm>({
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    company: user?.company ?? '',
    country: '',
    address: user?.address.street ?? '',
    city: user?.address.city ?? '',
    zipCode: user?.address.pincode ?? '',
  });
  const [invalid, setInvalid] = useState<Set<keyof BillingForm>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [terms, setTerms] = useState(false);
  const [processing, setProcessing] = useState(false);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const locked = { name: Boolean(user?.firstName && user?.lastName), email: Boolean(user?.email) };

  const fail = (message: string) => {
    setError(message);
    requestAnimationFrame(() => errorRef.current?.focus());
  };

  const next = () => {
    const parsed = billingFormSchema.safeParse(values);
    if (!parsed.success) {
      const missing = CHECKOUT_REQUIRED.filter(([key]) => !values[key]?.trim()).map(([key]) => key);
      const first = parsed.error.issues[0]!;
      setInvalid(new Set(missing.length ? missing : [first.path[0] as keyof BillingForm]));
      // The list of missing fields is written with the labels as the form shows them (the schema's are the English).
      if (missing.length) return fail(issueText(issue('CHECKOUT_REQUIRED', { fields: missing.map((key) => t(FIELD_LABEL[key])).join(', ') })));
      if (first.message === issue('CHECKOUT_REQUIRED', { fields: 'State' })) return fail(issueText(issue('CHECKOUT_REQUIRED', { fields: t('fieldState') })));
      // Every other issue of the schema by its code (decision 150).
      return fail(issueText(first.message));
    }
    setInvalid(new Set());
    setError(null);
    setStep(2);
  };

  const pay = async () => {
    setError(null);
    if (!terms) return fail(msg('acceptTerms'));
    if (!window.Razorpay) return fail(msg('gatewayNotLoaded'));
    if (!tokens.access) return fail(msg('tokenNotFound'));
    setProcessing(true);
    let started;
    try {
      started = await startSubscription({ planId: plan.id, planName: plan.code, totalCount: 1, billing: values });
    } catch (err) {
      setProcessing(false);
      return fail(errorText(err, msg('initiateFailed')));
    }
    openCheckout(started.checkout, {
      prefill: { name: `${values.firstName} ${values.lastName}`.trim(), email: values.email, contact: user?.phone ?? '' },
      notes: { address: values.address, city: values.city, country: values.country, zipCode: values.zipCode },
      onPaid,
      onFailed: (failure, verification) => {
        const message = failureText(msg, failure);
        setProcessing(false);
        fail(message);
        if (verification) toast.error(message);
      },
      onDismiss: () => setProcessing(false),
    });
  };

  const country = COUNTRY_NAME[values.country] ? t(COUNTRY_NAME[values.country]) : values.country;
  return (
    <section className="card max-sm:p-4" aria-labelledby="checkout-heading">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="checkout-heading" className="text-xl font-semibold text-ink-100">
          {t('checkoutTitle', { plan: plan.name })}
        </h2>
        <Steps step={step} />
      </div>
      {scriptState === 'error' && (
        <p role="alert" className="mt-4 rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {msg('gatewayLoadFailed')}
        </p>
      )}
      {error && (
        <p ref={errorRef} tabIndex={-1} role="alert" data-testid="checkout-error" className="mt-4 rounded-lg border border-red-500/30 bg-red-500/10 px-3 py-2 text-sm text-red-200">
          {error}
        </p>
      )}
      {step === 1 ? (
        <form
          className="mt-6"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            next();
          }}
        >
          <BillingFormFields values={values} onChange={(patch) => setValues((v) => ({ ...v, ...patch }))} locked={locked} invalid={invalid} />
          <div className="mt-6 flex flex-wrap justify-between gap-3">
            <button type="button" className="btn-ghost" onClick={onBack}>
              {t('backToPlans')}
            </button>
            <button type="submit" className="btn-primary">
              {t('continueToReview')}
            </button>
          </div>
        </form>
      ) : (
        <div className="mt-6 space-y-6">
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="rounded-xl border border-ink-700 p-4">
              <h3 className="text-sm font-medium text-ink-400">{t('reviewPlan')}</h3>
              <p className="mt-1 font-semibold text-ink-100">{plan.name}</p>
              <p className="mt-1 text-2xl font-bold text-ink-100" data-testid="review-amount">
                {money(plan.amount, plan.currency)} <span className="text-sm font-normal text-ink-400">{tl('perInterval', { interval: plan.interval })}</span>
              </p>
              <p className="mt-2 text-xs text-ink-400">{plan.interval === 'lifetime' ? t('lifetimeNote') : t('renewsNote')}</p>
            </div>
            <div className="rounded-xl border border-ink-700 p-4 text-sm">
              <h3 className="text-sm font-medium text-ink-400">{t('billingDetails')}</h3>
              <p className="mt-1 text-ink-100">
                {values.firstName} {values.lastName}
              </p>
              <p className="text-ink-300">{values.email}</p>
              {values.company && <p className="text-ink-300">{values.company}</p>}
              <p className="text-ink-300">
                {values.address}, {values.city} {values.zipCode}, {country}
              </p>
            </div>
          </div>
          {warning}
          <label className="flex items-start gap-3 text-sm text-ink-300">
            <input type="checkbox" className="mt-1 h-4 w-4 accent-accent-500" checked={terms} onChange={(e) => setTerms(e.target.checked)} />
            <span>
              {rich(t('agreeTerms'), [
                <Link key="terms" to={lp('/terms-of-service')} className="text-accent-300 underline" target="_blank" />,
                <Link key="refunds" to={lp('/refund-policy')} className="text-accent-300 underline" target="_blank" />,
              ])}
            </span>
          </label>
          <div className="flex flex-wrap justify-between gap-3">
            <button type="button" className="btn-secondary" onClick={() => setStep(1)} disabled={processing}>
              {msg('previousStep')}
            </button>
            <button type="button" className="btn-primary" onClick={() => void pay()} disabled={processing} aria-busy={processing}>
              {processing ? t('processing') : msg('completePurchase')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
