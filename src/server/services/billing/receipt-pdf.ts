import PDFDocument from 'pdfkit';
import type { Config } from '../../config';
import type { PaymentRow } from '../../db/schema';
import { longDate, type TimeZone } from '../../../shared/dates';
import { site } from '../../../shared/site';

/** GST is included in the plan prices; the receipt shows it when the seller is registered (SELLER_GSTIN). */
export const GST_RATE = 0.18;

export type ReceiptInput = {
  payment: Pick<PaymentRow, 'receiptNumber' | 'razorpayPaymentId' | 'amountPaidPaise' | 'amountPaise' | 'currency' | 'paidAt' | 'periodStart' | 'periodEnd' | 'buyerName' | 'buyerEmail' | 'billing' | 'method'>;
  planName: string;
  seller: Pick<Config, 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_GSTIN'>;
  /** The zone of the buyer's preference: the receipt's dates are the days the payment history shows them. */
  timeZone: TimeZone;
};

/** The standard PDF fonts have no ₹ glyph, so amounts are written with the currency code. */
const money = (paise: number, currency: string) => `${currency} ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function taxLines(totalPaise: number, gstin: string | undefined) {
  if (!gstin) return { taxable: totalPaise, tax: 0 };
  const taxable = Math.round(totalPaise / (1 + GST_RATE));
  return { taxable, tax: totalPaise - taxable };
}

/** The receipt of one successful payment as a PDF (seller, receipt number, buyer, plan, period, amount with tax lines, payment id). */
export function renderReceiptPdf({ payment, planName, seller, timeZone }: ReceiptInput): Promise<Buffer> {
  const day = (d: Date) => longDate(d, timeZone);
  return new Promise((resolve, reject) => {
    // Uncompressed: a receipt is a few kilobytes, and its text stays searchable by tests and tools.
    const doc = new PDFDocument({ size: 'A4', margin: 56, compress: false, info: { Title: `Receipt ${payment.receiptNumber}`, Author: seller.SELLER_NAME } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const total = payment.amountPaidPaise || payment.amountPaise;
    const { taxable, tax } = taxLines(total, seller.SELLER_GSTIN);
    const period = payment.periodStart ? (payment.periodEnd ? `${day(payment.periodStart)} to ${day(payment.periodEnd)}` : `From ${day(payment.periodStart)}, lifetime access`) : '';
    const b = payment.billing;
    const buyerAddress = b ? [b.address, b.city, b.zipCode, b.country].filter(Boolean).join(', ') : '';

    doc.fontSize(20).font('Helvetica-Bold').text(seller.SELLER_NAME);
    doc.fontSize(10).font('Helvetica').fillColor('#444').text(seller.SELLER_ADDRESS);
    if (seller.SELLER_GSTIN) doc.text(`GSTIN: ${seller.SELLER_GSTIN}`);
    doc.text(site.supportEmail);
    doc.moveDown(1.5).fillColor('#000').fontSize(16).font('Helvetica-Bold').text('Payment receipt');
    doc.fontSize(10).font('Helvetica').moveDown(0.5);
    const row = (label: string, value: string) => {
      const y = doc.y;
      doc.font('Helvetica').fillColor('#555').text(label, 56, y, { width: 150 });
      doc.font('Helvetica').fillColor('#000').text(value || '-', 210, y, { width: 330 });
      doc.moveDown(0.35);
    };
    row('Receipt number', String(payment.receiptNumber ?? ''));
    row('Date', day(payment.paidAt));
    row('Payment id', payment.razorpayPaymentId);
    if (payment.method) row('Method', payment.method);
    doc.moveDown(0.8);
    row('Billed to', payment.buyerName ?? '');
    row('Email', payment.buyerEmail ?? '');
    if (b?.company) row('Company', b.company);
    if (buyerAddress) row('Address', buyerAddress);
    doc.moveDown(0.8);
    row('Plan', planName);
    if (period) row('Period', period);
    doc.moveDown(0.8);
    if (seller.SELLER_GSTIN) {
      row('Taxable value', money(taxable, payment.currency));
      row(`GST @ ${GST_RATE * 100}% (included)`, money(tax, payment.currency));
    } else {
      row('Tax', 'Not applicable (seller not registered for GST)');
    }
    doc.font('Helvetica-Bold');
    row('Total paid', money(total, payment.currency));
    doc.moveDown(2).font('Helvetica').fontSize(9).fillColor('#666').text(`Thank you for choosing ${site.productName}. This receipt was generated electronically and needs no signature.`);
    doc.end();
  });
}
