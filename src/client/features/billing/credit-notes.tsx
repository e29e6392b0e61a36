import { useState } from 'react';
import type { PaymentDto } from '#shared/schemas/billing';
import { API_PREFIX } from '#shared/constants';
import { ApiError, tokens } from '../../api/client';
import { saveFile } from '../../api/save-file';
import { useErrorText } from '../../errors';
import { useToast } from '../../components/toast';

type Refund = PaymentDto['refunds'][number];
const FAILED = 'Could not download the credit note. Please try again.';

/** The buttons' words: the customer's billing passes them in the reader's language; the admin area keeps these English ones. */
export type CreditNoteTexts = { label: (creditNoteNumber: string) => string; preparing: string; failed: string };
const ENGLISH: CreditNoteTexts = { label: (n) => `Credit note ${n}`, preparing: 'Preparing…', failed: FAILED };

/**
 * Downloads a refund's credit note (PDF). The bearer token rides in a header, so the file comes through fetch and a
 * blob link, named as the server names it. `base` is '/admin/payments' when an admin downloads a customer's.
 */
export async function downloadCreditNote(paymentId: string, refundId: string, base: '/payments' | '/admin/payments' = '/payments'): Promise<void> {
  const res = await fetch(`${API_PREFIX}${base}/${encodeURIComponent(paymentId)}/refunds/${encodeURIComponent(refundId)}/credit-note`, {
    headers: { authorization: `Bearer ${tokens.access ?? ''}` },
  });
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { code?: string; params?: Record<string, string | number>; message?: string } | null;
    // The server's code is shown in the caller's language (useErrorText); without one, the caller's own words.
    throw new ApiError(res.status, 'CREDIT_NOTE_FAILED', body?.message ?? '', body?.code, undefined, body?.params);
  }
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'credit-note.pdf';
  saveFile(await res.blob(), name);
}

/** A button per credit note of a payment ("Credit note CN/26-27/000001"); nothing while none is issued. */
export function CreditNoteButtons({
  payment,
  base = '/payments',
  className = '',
  texts = ENGLISH,
}: {
  payment: PaymentDto;
  base?: '/payments' | '/admin/payments';
  className?: string;
  texts?: CreditNoteTexts;
}) {
  const errorText = useErrorText();
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const notes = payment.refunds.filter((r): r is Refund & { creditNoteNumber: string } => r.creditNoteNumber !== null);
  if (notes.length === 0) return null;
  return (
    <div className={`flex flex-wrap gap-x-1 ${className}`}>
      {notes.map((r) => (
        <button
          key={r._id}
          type="button"
          className="btn-ghost whitespace-nowrap px-2 py-1 text-xs"
          disabled={busy === r._id}
          onClick={() => {
            setBusy(r._id);
            downloadCreditNote(payment._id, r._id, base)
              .catch((err: unknown) => toast.error(errorText(err, texts.failed)))
              .finally(() => setBusy(null));
          }}
        >
          {busy === r._id ? texts.preparing : texts.label(r.creditNoteNumber)}
        </button>
      ))}
    </div>
  );
}
