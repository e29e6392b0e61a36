import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { shortDate, type TimeZone } from '#shared/dates';
import { formatMoney, parseMoney } from '#shared/money';
import { refundableOf, refundLabel } from '#shared/refunds';
import type { PaymentDto } from '#shared/schemas/billing';
import type { RefundPaymentInput } from '#shared/schemas/refunds';
import { adminBilling } from '#shared/endpoints/admin';
import { call, messageOf } from '#client/api/client';
import { useToast } from '#client/components/toast';
import { CreditNoteButtons } from '../../billing/credit-notes';
import { ActionDialog } from './action-dialog';
import { Badge } from './badges';

const SMALLEST = 100;

function useRefundPayment(customerId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ paymentId, body }: { paymentId: string; body: RefundPaymentInput }) => call(adminBilling.refund, { params: { id: paymentId }, body }),
    // Success or not, the page reads the payment again: another admin (or a dashboard refund) may have refunded it meanwhile.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: ['admin', 'customers', 'one', customerId] }),
        qc.invalidateQueries({ queryKey: ['admin', 'audit-log'] }),
        qc.invalidateQueries({ queryKey: ['admin', 'metrics'] }),
      ]),
  });
}

/** Beside a payment of the customer page: Refunded / Partially refunded (₹x), and its credit notes to download. */
export function PaymentRefundState({ payment }: { payment: PaymentDto }) {
  const label = refundLabel(payment);
  if (!label) return null;
  return (
    <div className="mt-1 flex flex-wrap items-center gap-2" data-testid="payment-refund">
      <Badge tone={payment.refundStatus === 'full' ? 'red' : 'amber'}>{label}</Badge>
      <CreditNoteButtons payment={payment} base="/admin/payments" className="-ml-1" />
    </div>
  );
}

/**
 * The Refund action of a paid payment (decision 082): all that is left of it or a part, in rupees, and the reason the
 * audit log keeps and the credit note prints. Nothing for a payment that was not captured or is refunded in full.
 */
export function RefundAction({ payment: p, customerId, zone }: { payment: PaymentDto; customerId: string; zone: TimeZone }) {
  const [open, setOpen] = useState(false);
  const [whole, setWhole] = useState(true);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const refund = useRefundPayment(customerId);
  const toast = useToast();
  const left = refundableOf(p);
  if (left <= 0) return null;

  const close = () => {
    setOpen(false);
    setError(null);
    setWhole(true);
    setAmount('');
  };
  const submit = async (reason: string) => {
    let paise: number | undefined;
    if (!whole) {
      const typed = parseMoney(amount);
      if (typed === null) return setError('Enter the amount in rupees, such as 149.50.');
      if (typed < SMALLEST) return setError(`The smallest refund is ${formatMoney(SMALLEST, p.currency)}.`);
      if (typed > left) return setError(`The refund cannot be more than ${formatMoney(left, p.currency)}, what is left of this payment.`);
      paise = typed;
    }
    setError(null);
    try {
      const res = await refund.mutateAsync({ paymentId: p._id, body: { amount: paise, reason } });
      toast.success(res.message ?? 'Refunded');
      close();
    } catch (err) {
      setError(messageOf(err, 'The refund failed. Please try again.'));
    }
  };

  return (
    <>
      <button type="button" className="btn-secondary shrink-0 px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
        Refund…
      </button>
      {open && (
        <ActionDialog
          open
          danger
          busy={refund.isPending}
          error={error}
          onClose={close}
          title="Refund a payment"
          confirmLabel={whole ? `Refund ${formatMoney(left, p.currency)}` : 'Refund'}
          description={
            <>
              <p>
                {formatMoney(p.amountPaid, p.currency)} paid on {shortDate(p.paymentDate, zone)} for {p.subscriptionId?.planName ?? p.description}
                {p.refunded > 0 ? `; ${formatMoney(p.refunded, p.currency)} refunded already` : ''}.
              </p>
              <p className="mt-1" data-testid="refundable">
                At most <strong className="text-ink-100">{formatMoney(left, p.currency)}</strong> can be refunded.
              </p>
              <p className="mt-2 text-ink-400">
                Razorpay returns the money to the customer, who gets a credit note by mail. Refunding all of the current period&apos;s payment ends their plan now.
              </p>
            </>
          }
          onSubmit={(reason) => void submit(reason)}
        >
          <fieldset>
            <legend className="label">Amount</legend>
            <div className="flex flex-col gap-2">
              <label className="flex items-center gap-2 text-sm text-ink-200">
                <input type="radio" name="refund-amount" checked={whole} onChange={() => setWhole(true)} />
                All that is left ({formatMoney(left, p.currency)})
              </label>
              <label className="flex items-center gap-2 text-sm text-ink-200">
                <input type="radio" name="refund-amount" checked={!whole} onChange={() => setWhole(false)} />
                Part of it
              </label>
            </div>
          </fieldset>
          {!whole && (
            <div>
              <label htmlFor="refund-rupees" className="label">
                Amount in rupees
              </label>
              <div className="flex items-center gap-2">
                <span className="text-ink-400" aria-hidden="true">
                  ₹
                </span>
                <input
                  id="refund-rupees"
                  className="input w-40"
                  inputMode="decimal"
                  autoComplete="off"
                  maxLength={16}
                  placeholder={(left / 200).toFixed(2)}
                  value={amount}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setError(null);
                  }}
                />
              </div>
            </div>
          )}
        </ActionDialog>
      )}
    </>
  );
}
