import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_GRANT_MAX_DAYS } from '#shared/schemas/admin';
import { longDate, type TimeZone } from '#shared/dates';
import type { AdminSubscription, CustomerDetail } from '#shared/schemas/responses/admin-customers';
import { messageOf } from '#client/api/client';
import { useToast } from '#client/components/toast';
import { useStepUp } from '../../account/settings/step-up';
import { billingKeys, fetchPublicPlans } from '../../billing/api';
import { ActionDialog } from './action-dialog';
import { useCustomerAction, type CustomerActionCall } from './api';

export type OpenAction =
  { kind: 'resend-verification' | 'end-sessions' | 'reset-two-factor' | 'extend-trial' | 'complimentary' } | { kind: 'cancel'; subscription: AdminSubscription };

function DaysField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor="action-days" className="label">
        Days
      </label>
      <input
        id="action-days"
        className="input w-32"
        type="number"
        inputMode="numeric"
        min={1}
        max={ADMIN_GRANT_MAX_DAYS}
        step={1}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}

/** The dialog of the action being taken on the customer, and its call; the page's data is replaced by the answer. */
export function CustomerActionDialogs({ customer, open, zone, onClose }: { customer: CustomerDetail; open: OpenAction | null; zone: TimeZone; onClose: () => void }) {
  const action = useCustomerAction(customer.user.id);
  const toast = useToast();
  const [days, setDays] = useState('7');
  const [planCode, setPlanCode] = useState('stealth_month');
  const [when, setWhen] = useState<'period_end' | 'now'>('period_end');
  const [error, setError] = useState<string | null>(null);
  const plans = useQuery({ queryKey: billingKeys.publicPlans, queryFn: ({ signal }) => fetchPublicPlans(signal), enabled: open?.kind === 'complimentary' });
  const recurring = (plans.data ?? []).filter((p) => p.interval !== 'lifetime');

  const close = () => {
    setError(null);
    setWhen('period_end');
    onClose();
  };
  const run = async (call: CustomerActionCall) => {
    setError(null);
    try {
      const res = await action.mutateAsync(call);
      toast.success(res.message ?? 'Done');
      close();
    } catch (err) {
      setError(messageOf(err, 'The action failed. Please try again.'));
    }
  };
  // Resetting two-step verification needs the admin's own fresh check (decision 201): asked for in the dialog, then tried again.
  const stepUp = useStepUp((err) => setError(messageOf(err, 'The action failed. Please try again.')));
  const resetTwoFactor = (reason: string) =>
    stepUp.act(async () => {
      setError(null);
      const res = await action.mutateAsync({ kind: 'reset-two-factor', reason });
      toast.success(res.message ?? 'Done');
      close();
    });
  const dayCount = Number(days);
  const common = { busy: action.isPending, error, onClose: close, open: open !== null };
  const name = `${customer.user.firstName} ${customer.user.lastName}`;

  if (!open) return <ActionDialog {...common} open={false} title="" description="" confirmLabel="" onSubmit={() => undefined} />;
  switch (open.kind) {
    case 'resend-verification':
      return (
        <ActionDialog
          {...common}
          reasonOptional
          title="Resend the verification e-mail"
          description={<>A new link goes to {customer.user.email}; earlier links stop working.</>}
          confirmLabel="Send e-mail"
          onSubmit={(reason) => void run({ kind: 'resend-verification', reason })}
        />
      );
    case 'end-sessions':
      return (
        <ActionDialog
          {...common}
          danger
          title="End all sessions"
          description={
            <>
              Every browser and desktop program signed in as {name} is signed out at its next request ({customer.sessions.length} active now).
            </>
          }
          confirmLabel="End all sessions"
          onSubmit={(reason) => void run({ kind: 'end-sessions', reason })}
        />
      );
    case 'reset-two-factor':
      return (
        <ActionDialog
          {...common}
          busy={common.busy || stepUp.busy}
          danger
          title="Reset two-step verification"
          description={
            <>
              {name}&rsquo;s authenticator app and recovery codes are removed and every session of theirs ends; they sign in with their password and set it up again. Their password
              and passkeys are not touched. They are told by email. Check that it is them first: the reason is kept in the audit log.
            </>
          }
          confirmLabel="Reset two-step verification"
          after={stepUp.form}
          onSubmit={(reason) => void resetTwoFactor(reason)}
        />
      );
    case 'extend-trial':
      return (
        <ActionDialog
          {...common}
          title="Extend the trial"
          description={
            customer.user.isOnTrial && customer.user.trialExpires ? (
              <>The trial now ends on {longDate(customer.user.trialExpires, zone)}; the days are added to that.</>
            ) : (
              <>The trial is over; the days count from now.</>
            )
          }
          confirmLabel="Extend trial"
          onSubmit={(reason) => void run({ kind: 'extend-trial', days: dayCount, reason })}
        >
          <DaysField value={days} onChange={setDays} />
        </ActionDialog>
      );
    case 'complimentary':
      return (
        <ActionDialog
          {...common}
          title="Grant a complimentary period"
          description={<>Full access to the chosen plan, without payment and without renewal. A running complimentary period is lengthened.</>}
          confirmLabel="Grant period"
          onSubmit={(reason) => void run({ kind: 'complimentary', days: dayCount, planCode, reason })}
        >
          <div>
            <label htmlFor="action-plan" className="label">
              Plan
            </label>
            <select id="action-plan" className="input" value={planCode} onChange={(e) => setPlanCode(e.target.value)}>
              {(recurring.length ? recurring : [{ code: 'stealth_month', name: 'Stealth Month' }]).map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <DaysField value={days} onChange={setDays} />
        </ActionDialog>
      );
    case 'cancel': {
      const s = open.subscription;
      const recurringAtRazorpay = s.kind === 'subscription' && !s.cancelAtPeriodEnd;
      const choice = recurringAtRazorpay ? when : 'now';
      return (
        <ActionDialog
          {...common}
          danger
          title={`Cancel ${s.planName}`}
          description={
            choice === 'now' ? (
              <>Access ends now{s.kind === 'subscription' ? ' and Razorpay stops the autopay' : ''}. No money is returned: refund a payment separately.</>
            ) : (
              <>Autopay stops; access continues until {s.currentEnd ? longDate(s.currentEnd, zone) : 'the end of the period'}.</>
            )
          }
          confirmLabel={choice === 'now' ? 'Cancel now' : 'Cancel at period end'}
          // Not "Cancel" beside "Cancel now": the way out says what it keeps.
          closeLabel="Keep the plan"
          onSubmit={(reason) => void run({ kind: 'cancel', subscriptionId: s.id, when: choice, reason })}
        >
          {recurringAtRazorpay && (
            <fieldset>
              <legend className="label">When</legend>
              <div className="flex flex-col gap-2 sm:flex-row sm:gap-5">
                {(
                  [
                    ['period_end', 'At the end of the period'],
                    ['now', 'Now'],
                  ] as const
                ).map(([value, label]) => (
                  <label key={value} className="flex items-center gap-2 text-sm text-ink-200">
                    <input type="radio" name="cancel-when" value={value} checked={when === value} onChange={() => setWhen(value)} />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </ActionDialog>
      );
    }
  }
}
