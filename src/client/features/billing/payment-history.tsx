import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { shortDate } from '#shared/dates';
import { paymentDocument } from '#shared/payment-document';
import type { PaymentDto } from '#shared/schemas/billing';
import { useErrorText } from '../../errors';
import { Pager } from '../../components/pager';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import type { TextKey } from '#shared/i18n/runtime';
import { useLocale, useT } from '../../i18n';
import { useTimeZone } from '../auth/use-time-zone';
import { billingKeys, downloadReceipt, fetchPayments } from './api';
import { CreditNoteButtons } from './credit-notes';
import { useMoney } from './format';

const STATUS_LABEL: Record<PaymentDto['status'], TextKey<'billing'>> = {
  captured: 'payStatusCaptured',
  authenticated: 'payStatusAuthenticated',
  failed: 'payStatusFailed',
  other: 'payStatusOther',
};
const STATUS_CLASSES: Record<PaymentDto['status'], string> = {
  captured: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  authenticated: 'border-sky-500/40 bg-sky-500/10 text-sky-300',
  failed: 'border-red-500/40 bg-red-500/10 text-red-300',
  other: 'border-ink-600 bg-ink-800 text-ink-300',
};

/**
 * A payment's description as the server records it in English ('Stealth Month: monthly subscription', see
 * record-payment.ts), in the reader's language when it has one of the recorded shapes; any other text as it is.
 */
function describe(text: string, t: (key: TextKey<'billing'>, values?: Record<string, string>) => string): string {
  let m = /^(.+): (week|month|year)ly subscription$/.exec(text);
  if (m) return t(m[2] === 'week' ? 'payWeekly' : m[2] === 'month' ? 'payMonthly' : 'payYearly', { plan: m[1] });
  if ((m = /^(.+): one-time payment$/.exec(text))) return t('payOneTime', { plan: m[1] });
  if ((m = /^(.+): payment declined$/.exec(text))) return t('payDeclined', { plan: m[1] });
  if ((m = /^(.+) \(replaces (.+)\)$/.exec(text))) return t('payReplaces', { plan: m[1], previous: m[2] });
  return text;
}

function ReceiptButton({ payment }: { payment: PaymentDto }) {
  const errorText = useErrorText();
  const toast = useToast();
  const t = useT('billing');
  const [busy, setBusy] = useState(false);
  const document_ = paymentDocument(payment);
  if (!document_) return <span className="text-ink-600">—</span>;
  return (
    <button
      type="button"
      className="btn-ghost whitespace-nowrap px-2 py-1 text-xs"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadReceipt(payment._id, document_)
          .catch((err: unknown) => toast.error(errorText(err, t('receiptFailed'))))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? t('preparing') : document_.kind === 'tax_invoice' ? t('taxInvoice', { number: document_.number }) : t('receipt', { number: document_.number })}
    </button>
  );
}

/** The Payment History tab: 10 a page, statuses captured, authenticated, failed and other, a PDF receipt for each payment. */
export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const zone = useTimeZone();
  const locale = useLocale();
  const t = useT('billing');
  const msg = useT('msg');
  const money = useMoney();
  const creditNoteTexts = { label: (n: string) => t('creditNote', { number: n }), preparing: t('preparing'), failed: t('creditNoteFailed') };
  const refundLabel = (p: PaymentDto) =>
    p.refundStatus === 'full' ? t('refunded') : p.refundStatus === 'partial' ? t('partiallyRefunded', { amount: money(p.refunded, p.currency) }) : null;
  const query = useQuery({ queryKey: billingKeys.payments(page), queryFn: ({ signal }) => fetchPayments(page, signal), placeholderData: keepPreviousData });

  if (query.isPending) return <Spinner label={t('loadingHistory')} />;
  if (query.isError) {
    return (
      <div className="card text-center" role="alert">
        <p className="text-red-300">{msg('paymentHistoryFailed')}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  }
  const { payments, pagination } = query.data;
  if (payments.length === 0) {
    return (
      <div className="card text-center">
        <p className="font-medium text-ink-100">{t('noPayments')}</p>
        <p className="mt-1 text-sm text-ink-400">{t('noPaymentsLead')}</p>
      </div>
    );
  }
  // A table from 640 px; on phones each payment is a card (plan and amount, then the date, the status, then its
  // receipt), so nothing of it is off-screen. The same technique as the admin post list.
  return (
    <div className="card overflow-hidden p-0">
      <div className="sm:overflow-x-auto">
        <table className="block w-full text-left text-sm sm:table">
          <caption className="sr-only">{t('historyCaption')}</caption>
          <thead className="hidden border-b border-ink-700 text-xs uppercase tracking-wide text-ink-400 sm:table-header-group">
            <tr>
              <th scope="col" className="px-5 py-3 font-medium">
                {t('colDate')}
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                {t('colDescription')}
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                {t('colAmount')}
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                {t('colStatus')}
              </th>
              <th scope="col" className="px-5 py-3 font-medium">
                {t('colDocuments')}
              </th>
            </tr>
          </thead>
          <tbody className="block divide-y divide-ink-800 sm:table-row-group">
            {payments.map((p) => (
              <tr key={p._id} data-testid="payment-row" className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-2 px-4 py-4 sm:table-row sm:p-0">
                <td data-testid="payment-date" className="order-3 col-span-2 text-ink-300 sm:order-none sm:whitespace-nowrap sm:px-5 sm:py-3">
                  {shortDate(p.paymentDate, zone, locale)}
                </td>
                <td className="order-1 min-w-0 sm:order-none sm:px-5 sm:py-3">
                  <p className="text-ink-100">{p.subscriptionId?.planName || p.description}</p>
                  <p className="text-xs text-ink-400">{p.status === 'failed' && p.errorDescription ? p.errorDescription : describe(p.description, t)}</p>
                </td>
                <td data-testid="payment-amount" className="order-2 self-start whitespace-nowrap text-right font-medium text-ink-100 sm:order-none sm:px-5 sm:py-3 sm:text-left">
                  {money(p.status === 'captured' ? p.amountPaid : p.amount, p.currency)}
                </td>
                <td className="order-4 col-span-2 sm:order-none sm:px-5 sm:py-3">
                  <span className="flex flex-wrap gap-1 sm:flex-col sm:items-start">
                    <span data-testid="payment-status" className={`whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[p.status]}`}>
                      {t(STATUS_LABEL[p.status])}
                    </span>
                    {refundLabel(p) && (
                      <span
                        data-testid="payment-refund"
                        className={`whitespace-nowrap rounded-full border px-2 py-0.5 text-xs font-medium ${p.refundStatus === 'full' ? STATUS_CLASSES.failed : 'border-amber-500/40 bg-amber-500/10 text-amber-300'}`}
                      >
                        {refundLabel(p)}
                      </span>
                    )}
                  </span>
                </td>
                <td className={`order-5 col-span-2 -ml-2 sm:order-none sm:ml-0 sm:px-5 sm:py-3 ${p.receiptNumber || p.refunds.length ? '' : 'max-sm:hidden'}`}>
                  <div className="flex flex-wrap gap-x-1 sm:flex-col sm:items-start">
                    <ReceiptButton payment={p} />
                    <CreditNoteButtons payment={p} texts={creditNoteTexts} className="sm:flex-col sm:items-start" />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager
        current={pagination.currentPage}
        total={pagination.totalPages}
        onPage={setPage}
        label={t('historyPages')}
        className="justify-between border-t border-ink-700 px-5 py-3"
      />
    </div>
  );
}
