import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { PaymentRow, UserRow } from '../../db/schema';
import { formatMoney } from '../../../shared/money';
import { site } from '../../../shared/site';
import { enqueueMail } from '../mail/outbox';
import { renderReceiptPdf } from './receipt-pdf';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Queues the receipt e-mail, with the PDF attached, in the transaction that recorded the payment. It goes to the
 * account's own (verified) address and greets the account holder; the billing name and e-mail typed at checkout are
 * only printed on the PDF.
 */
export async function enqueueReceiptMail(tx: DbOrTx, config: Config, payment: PaymentRow, planName: string, account: Pick<UserRow, 'email' | 'firstName'>): Promise<void> {
  if (!payment.receiptNumber) return;
  const pdf = await renderReceiptPdf({ payment, planName, seller: config });
  const amount = formatMoney(payment.amountPaidPaise || payment.amountPaise, payment.currency);
  const name = account.firstName || 'there';
  const until = payment.periodEnd ? ` Your access runs until ${payment.periodEnd.toLocaleDateString('en-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Asia/Kolkata' })}.` : ' Your access has no end date.';
  const text = `Hi ${name},\n\nThank you for your payment of ${amount} for ${planName}.${until}\n\nReceipt number: ${payment.receiptNumber}\nPayment id: ${payment.razorpayPaymentId}\n\nYour receipt is attached as a PDF. You can also download it any time from Billing > Payment History at ${config.publicUrl}/billing.\n\nQuestions? Write to ${site.supportEmail}.\n\n${site.productName}`;
  const html = `<p>Hi ${escapeHtml(name)},</p>
<p>Thank you for your payment of <strong>${escapeHtml(amount)}</strong> for <strong>${escapeHtml(planName)}</strong>.${escapeHtml(until)}</p>
<table cellpadding="4"><tr><td>Receipt number</td><td>${payment.receiptNumber}</td></tr><tr><td>Payment id</td><td>${escapeHtml(payment.razorpayPaymentId)}</td></tr></table>
<p>Your receipt is attached as a PDF. You can also download it any time from <a href="${escapeHtml(config.publicUrl)}/billing">Billing &gt; Payment History</a>.</p>
<p>Questions? Write to <a href="mailto:${site.supportEmail}">${site.supportEmail}</a>.</p>
<p>${site.productName}</p>`;
  await enqueueMail(tx, {
    kind: 'receipt',
    to: account.email,
    subject: `Your ${site.productName} receipt #${payment.receiptNumber}`,
    html,
    text,
    attachments: [{ filename: `receipt-${payment.receiptNumber}.pdf`, contentType: 'application/pdf', contentBase64: pdf.toString('base64') }],
  });
}
