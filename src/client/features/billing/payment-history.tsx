import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { MSG } from '../../../shared/messages';
import { formatMoney } from '../../../shared/money';
import type { PaymentDto } from '../../../shared/schemas/billing';
import { messageOf } from '../../api/client';
import { Spinner } from '../../components/spinner';
import { useToast } from '../../components/toast';
import { billingKeys, downloadReceipt, fetchPayments } from './api';

const STATUS_CLASSES: Record<PaymentDto['status'], string> = {
  captured: 'border-emerald-500/40 bg-emerald-500/10 text-emerald-300',
  authenticated: 'border-sky-500/40 bg-sky-500/10 text-sky-300',
  failed: 'border-red-500/40 bg-red-500/10 text-red-300',
  other: 'border-ink-600 bg-ink-800 text-ink-300',
};
const STATUS_LABEL: Record<PaymentDto['status'], string> = { captured: 'Paid', authenticated: 'Authorised', failed: 'Failed', other: 'Other' };
const when = (iso: string) => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function ReceiptButton({ payment }: { payment: PaymentDto }) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!payment.receiptNumber) return <span className="text-ink-600">—</span>;
  return (
    <button
      type="button"
      className="btn-ghost px-2 py-1 text-xs"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        downloadReceipt(payment._id, payment.receiptNumber)
          .catch((err: unknown) => toast.error(messageOf(err, 'Could not download the receipt. Please try again.')))
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Preparing…' : `Receipt #${payment.receiptNumber}`}
    </button>
  );
}

/** The Payment History tab: 10 a page, statuses captured, authenticated, failed and other, a PDF receipt for each payment. */
export function PaymentHistory() {
  const [page, setPage] = useState(1);
  const query = useQuery({ queryKey: billingKeys.payments(page), queryFn: ({ signal }) => fetchPayments(page, signal), placeholderData: keepPreviousData });

  if (query.isPending) return <Spinner label="Loading payment history..." />;
  if (query.isError) {
    return (
      <div className="card text-center" role="alert">
        <p className="text-red-300">{MSG.paymentHistoryFailed}</p>
        <button type="button" className="btn-secondary mt-4" onClick={() => void query.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const { payments, pagination } = query.data;
  if (payments.length === 0) {
    return (
      <div className="card text-center">
        <p className="font-medium text-ink-100">No payments yet</p>
        <p className="mt-1 text-sm text-ink-400">Your payments and receipts will appear here after your first purchase.</p>
      </div>
    );
  }
  return (
    <div className="card overflow-hidden p-0">
      <div className="overflow-x-auto">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">Payment history</caption>
          <thead className="border-b border-ink-700 text-xs uppercase tracking-wide text-ink-400">
            <tr>
              <th scope="col" className="px-5 py-3 font-medium">Date</th>
              <th scope="col" className="px-5 py-3 font-medium">Description</th>
              <th scope="col" className="px-5 py-3 font-medium">Amount</th>
              <th scope="col" className="px-5 py-3 font-medium">Status</th>
              <th scope="col" className="px-5 py-3 font-medium">Receipt</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-800">
            {payments.map((p) => (
              <tr key={p._id} data-testid="payment-row">
                <td className="whitespace-nowrap px-5 py-3 text-ink-300">{when(p.paymentDate)}</td>
                <td className="px-5 py-3">
                  <p className="text-ink-100">{p.subscriptionId?.planName || p.description}</p>
                  <p className="text-xs text-ink-400">{p.status === 'failed' && p.errorDescription ? p.errorDescription : p.description}</p>
                </td>
                <td className="whitespace-nowrap px-5 py-3 font-medium text-ink-100">{formatMoney(p.status === 'captured' ? p.amountPaid : p.amount, p.currency)}</td>
                <td className="px-5 py-3">
                  <span className={`rounded-full border px-2 py-0.5 text-xs font-medium ${STATUS_CLASSES[p.status]}`}>{STATUS_LABEL[p.status]}</span>
                </td>
                <td className="px-5 py-3">
                  <ReceiptButton payment={p} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pagination.totalPages > 1 && (
        <nav className="flex items-center justify-between border-t border-ink-700 px-5 py-3 text-sm" aria-label="Payment history pages">
          <button type="button" className="btn-ghost" disabled={page <= 1} onClick={() => setPage((n) => n - 1)}>
            Previous
          </button>
          <span className="text-ink-400">
            Page {pagination.currentPage} of {pagination.totalPages}
          </span>
          <button type="button" className="btn-ghost" disabled={page >= pagination.totalPages} onClick={() => setPage((n) => n + 1)}>
            Next
          </button>
        </nav>
      )}
    </div>
  );
}
