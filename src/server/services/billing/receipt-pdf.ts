import type PDFKit from 'pdfkit';
import type { Config } from '../../config';
import type { PaymentRow, RefundRow, TaxDocument } from '../../db/schema';
import { longDate, type TimeZone } from '../../../shared/dates';
import { site } from '../../../shared/site';
import { amountInWords } from './amount-in-words';
import { paidPaise } from './paid';

/**
 * The PDFs of the books (decision 083): a payment's GST tax invoice while the seller is registered (SELLER_GSTIN), or
 * else a receipt that says no GST was charged; a refund's credit note, against the tax invoice when there is one.
 * One layout for all of them, laid out as the documents an accountant files: seller, document box, buyer, the line
 * with its SAC code, taxable value and tax columns, totals, total in words, declarations.
 */

export type ReceiptInput = {
  payment: Pick<PaymentRow, 'receiptNumber' | 'razorpayPaymentId' | 'amountPaidPaise' | 'amountPaise' | 'currency' | 'paidAt' | 'periodStart' | 'periodEnd' | 'buyerName' | 'buyerEmail' | 'billing' | 'method'> &
    Partial<Pick<PaymentRow, 'invoiceNumber' | 'taxDocument'>>;
  planName: string;
  seller: Pick<Config, 'SELLER_NAME' | 'SELLER_ADDRESS' | 'SELLER_GSTIN'> & Partial<Pick<Config, 'SELLER_LEGAL_NAME'>>;
  /** The zone of the buyer's preference for a receipt; a GST document is always dated in India's time. */
  timeZone: TimeZone;
};

export type CreditNoteInput = {
  refund: Pick<RefundRow, 'amountPaise' | 'currency' | 'reason' | 'razorpayRefundId' | 'creditNoteNumber' | 'creditNote' | 'createdAt'>;
  payment: ReceiptInput['payment'];
  planName: string;
  seller: ReceiptInput['seller'];
  timeZone: TimeZone;
};

const INDIA: TimeZone = 'Asia/Kolkata';
const M = 48;
const WIDTH = 595.28 - 2 * M;
const INK = '#111111';
const MUTED = '#555555';
const RULE = '#999999';
const FILL = '#f0f0f0';

/** The standard PDF fonts have no ₹ glyph, so amounts are written with the currency code. */
const money = (paise: number, currency: string) => `${currency} ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const plain = (paise: number) => (paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

type Doc = PDFKit.PDFDocument;

// pdfkit and its fonts are loaded when the first document is made, not at start (about 0.1 s of every start).
let pdfkit: Promise<typeof PDFKit> | null = null;
const loadPdfKit = () => (pdfkit ??= import('pdfkit').then((m) => m.default));

async function open(title: string, author: string): Promise<{ doc: Doc; done: Promise<Buffer> }> {
  const PDFDocument = await loadPdfKit();
  // Uncompressed: a document is a few kilobytes, and its text stays searchable by tests and tools.
  const doc = new PDFDocument({ size: 'A4', margin: M, compress: false, info: { Title: title, Author: author } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Seller on the left, the document's title on the right, a rule under both. */
function header(doc: Doc, seller: { name: string; address: string; lines: string[] }, title: string, subtitle: string) {
  const top = doc.y;
  doc.font('Helvetica-Bold').fontSize(15).fillColor(INK).text(seller.name, M, top, { width: WIDTH * 0.6 });
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text(seller.address, { width: WIDTH * 0.6 });
  for (const line of seller.lines) doc.text(line, { width: WIDTH * 0.6 });
  const leftBottom = doc.y;
  doc.font('Helvetica-Bold').fontSize(17).fillColor(INK).text(title, M + WIDTH * 0.55, top, { width: WIDTH * 0.45, align: 'right' });
  doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(subtitle, M + WIDTH * 0.55, doc.y + 2, { width: WIDTH * 0.45, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 10;
  doc.moveTo(M, doc.y).lineTo(M + WIDTH, doc.y).lineWidth(1).strokeColor(INK).stroke();
  doc.y += 10;
}

/** The document's details, then the buyer: each a ruled box of label/value rows, its values on their labels' lines. */
function boxes(doc: Doc, left: { heading: string; rows: [string, string][] }, right: { heading: string; rows: [string, string][] }) {
  const box = (b: typeof left) => {
    const top = doc.y;
    doc.font('Helvetica-Bold').fontSize(8.5).fillColor(MUTED).text(b.heading.toUpperCase(), M + 8, top + 8, { width: WIDTH - 16, characterSpacing: 0.5 });
    let y = doc.y + 4;
    // Two label/value pairs a line where both are short; a long value gets the line to itself.
    for (const [label, value] of b.rows) {
      doc.font('Helvetica').fontSize(8.5).fillColor(MUTED).text(label, M + 8, y, { width: 110 });
      doc.font('Helvetica').fontSize(9).fillColor(INK).text(value || '-', M + 120, y, { width: WIDTH - 128 });
      y = Math.max(doc.y, y + 11) + 2;
    }
    const bottom = y + 6;
    doc.rect(M, top, WIDTH, bottom - top).lineWidth(0.75).strokeColor(RULE).stroke();
    doc.y = bottom + 8;
  };
  box(left);
  box(right);
  doc.y += 6;
}

type Column = { title: string; width: number; align?: 'left' | 'right' | 'center' };

/** A ruled table with a shaded header row; the last row may be bold (totals). */
function table(doc: Doc, columns: Column[], rows: string[][], opts: { boldLast?: boolean } = {}) {
  const scale = WIDTH / columns.reduce((s, c) => s + c.width, 0);
  const widths = columns.map((c) => c.width * scale);
  const xs = widths.map((_, i) => M + widths.slice(0, i).reduce((s, w) => s + w, 0));
  const drawRow = (cells: string[], bold: boolean, shaded: boolean) => {
    const top = doc.y;
    const heights = cells.map((cell, i) => doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).heightOfString(cell, { width: widths[i]! - 10 }));
    const h = Math.max(...heights) + 10;
    if (shaded) doc.rect(M, top, WIDTH, h).fillColor(FILL).fill();
    cells.forEach((cell, i) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(8.5).fillColor(INK).text(cell, xs[i]! + 5, top + 5, { width: widths[i]! - 10, align: columns[i]!.align ?? 'left' });
    });
    doc.lineWidth(0.5).strokeColor(RULE);
    doc.rect(M, top, WIDTH, h).stroke();
    for (const x of xs.slice(1)) doc.moveTo(x, top).lineTo(x, top + h).stroke();
    doc.y = top + h;
  };
  drawRow(columns.map((c) => c.title), true, true);
  rows.forEach((r, i) => drawRow(r, Boolean(opts.boldLast && i === rows.length - 1), false));
  doc.y += 12;
}

/** Right-aligned label/amount lines under the table; the last one bold and ruled above. */
function totals(doc: Doc, lines: [string, string][]) {
  const x = M + WIDTH * 0.5;
  const w = WIDTH * 0.5;
  lines.forEach(([label, value], i) => {
    const last = i === lines.length - 1;
    if (last) {
      doc.moveTo(x, doc.y).lineTo(M + WIDTH, doc.y).lineWidth(0.75).strokeColor(INK).stroke();
      doc.y += 4;
    }
    const y = doc.y;
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10 : 9).fillColor(last ? INK : MUTED).text(label, x, y, { width: w * 0.6 });
    doc.font(last ? 'Helvetica-Bold' : 'Helvetica').fontSize(last ? 10 : 9).fillColor(INK).text(value, x + w * 0.6, y, { width: w * 0.4, align: 'right' });
    doc.y = Math.max(doc.y, y + 12) + 3;
  });
  doc.y += 8;
}

function paragraph(doc: Doc, label: string, text: string) {
  doc.font('Helvetica-Bold').fontSize(8.5).fillColor(INK).text(label, M, doc.y, { continued: true }).font('Helvetica').text(` ${text}`, { width: WIDTH });
  doc.y += 4;
}

function footer(doc: Doc, signer: string | null, note: string) {
  doc.y += 16;
  const y = doc.y;
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text(note, M, y, { width: WIDTH * 0.55 });
  if (!signer) return;
  doc.font('Helvetica-Bold').fontSize(9).fillColor(INK).text(`For ${signer}`, M + WIDTH * 0.6, y, { width: WIDTH * 0.4, align: 'right' });
  doc.font('Helvetica').fontSize(8).fillColor(MUTED).text('Authorised signatory (digitally issued)', M + WIDTH * 0.6, doc.y + 14, { width: WIDTH * 0.4, align: 'right' });
}

const periodOf = (p: ReceiptInput['payment'], zone: TimeZone) =>
  p.periodStart ? (p.periodEnd ? `${longDate(p.periodStart, zone)} to ${longDate(p.periodEnd, zone)}` : `From ${longDate(p.periodStart, zone)}, lifetime access`) : '';

/** The tax columns and lines of a GST document, by its supply. */
function taxColumns(t: TaxDocument): { columns: Column[]; cells: string[]; lines: [string, string][] } {
  const half = t.ratePercent / 2;
  if (t.supply === 'intra_state') {
    return {
      columns: [{ title: `CGST ${half}%`, width: 62, align: 'right' }, { title: `${t.stateTaxLabel} ${half}%`, width: 62, align: 'right' }],
      cells: [plain(t.cgstPaise), plain(t.sgstPaise)],
      lines: [[`CGST @ ${half}%`, money(t.cgstPaise, t.currency)], [`${t.stateTaxLabel} @ ${half}%`, money(t.sgstPaise, t.currency)]],
    };
  }
  if (t.supply === 'inter_state') {
    return { columns: [{ title: `IGST ${t.ratePercent}%`, width: 70, align: 'right' }], cells: [plain(t.igstPaise)], lines: [[`IGST @ ${t.ratePercent}%`, money(t.igstPaise, t.currency)]] };
  }
  return { columns: [{ title: 'IGST 0%', width: 70, align: 'right' }], cells: [plain(0)], lines: [['IGST @ 0% (export, zero-rated)', money(0, t.currency)]] };
}

/** A tax invoice or a credit note with GST. */
async function renderGstDocument(kind: 'invoice' | 'credit_note', t: TaxDocument, details: [string, string][], description: string, reason: string | null): Promise<Buffer> {
  const credit = kind === 'credit_note';
  const { doc, done } = await open(`${credit ? 'Credit note' : 'Tax invoice'} ${t.number}`, t.seller.legalName);
  header(
    doc,
    { name: t.seller.legalName, address: t.seller.address, lines: [`GSTIN: ${t.seller.gstin}`, `State: ${t.seller.stateName} (code ${t.seller.stateCode})`, site.supportEmail] },
    credit ? 'CREDIT NOTE' : 'TAX INVOICE',
    credit ? 'Issued under section 34 of the CGST Act, 2017' : 'Original for recipient',
  );
  const place = t.supply === 'export' ? 'Outside India (export of services)' : t.placeOfSupply;
  boxes(
    doc,
    {
      heading: credit ? 'Credit note' : 'Invoice',
      rows: [
        [credit ? 'Credit note no.' : 'Invoice no.', t.number],
        [credit ? 'Credit note date' : 'Invoice date', longDate(t.issuedAt, INDIA)],
        ...(credit ? ([['Against invoice', t.againstInvoice ?? 'Payment receipt']] as [string, string][]) : []),
        ['Financial year', t.financialYear],
        ['Place of supply', place],
        ['Reverse charge', 'No'],
        ...details,
      ],
    },
    {
      heading: credit ? 'Issued to' : 'Billed to',
      rows: [
        ['Name', t.buyer.name],
        ['Address', [t.buyer.address, t.buyer.country].filter(Boolean).join(', ')],
        ['State', t.buyer.stateName ? `${t.buyer.stateName} (code ${t.buyer.stateCode})` : t.supply === 'export' ? 'Outside India' : '-'],
        ['GSTIN', t.buyer.gstin ?? 'Unregistered'],
        ['Email', t.buyer.email],
      ],
    },
  );
  const tax = taxColumns(t);
  table(
    doc,
    [{ title: '#', width: 20, align: 'center' }, { title: 'Description of service', width: 170 }, { title: 'SAC', width: 48, align: 'center' }, { title: 'Qty', width: 28, align: 'center' }, { title: 'Taxable value', width: 72, align: 'right' }, ...tax.columns, { title: 'Total', width: 72, align: 'right' }],
    [
      ['1', description, t.sac, '1', plain(t.taxablePaise), ...tax.cells, plain(t.totalPaise)],
      ['', 'Total', '', '', plain(t.taxablePaise), ...tax.cells, plain(t.totalPaise)],
    ],
    { boldLast: true },
  );
  totals(doc, [['Taxable value', money(t.taxablePaise, t.currency)], ...tax.lines, [credit ? 'Total credited (tax included)' : 'Total (tax included)', money(t.totalPaise, t.currency)]]);
  paragraph(doc, 'Amount in words:', amountInWords(t.totalPaise, t.currency));
  if (reason) paragraph(doc, 'Reason:', reason);
  if (t.supply === 'export') paragraph(doc, 'Declaration:', 'Supply meant for export under letter of undertaking without payment of integrated tax (zero-rated supply).');
  else if (!credit) paragraph(doc, 'Declaration:', 'Prices are inclusive of GST; the tax shown is included in the amount paid.');
  footer(doc, t.seller.legalName, credit ? 'This credit note reduces the value and tax of the invoice named above by the amounts shown.' : `This invoice was issued electronically by ${site.productName}.`);
  doc.end();
  return done;
}

/** A document without GST (the seller is not registered): receipt or credit note. */
async function renderPlain(kind: 'receipt' | 'credit_note', input: { seller: ReceiptInput['seller']; number: string; details: [string, string][]; buyer: [string, string][]; description: string; totalPaise: number; currency: string; reason: string | null }): Promise<Buffer> {
  const credit = kind === 'credit_note';
  const { doc, done } = await open(`${credit ? 'Credit note' : 'Receipt'} ${input.number}`, input.seller.SELLER_LEGAL_NAME ?? input.seller.SELLER_NAME);
  header(doc, { name: input.seller.SELLER_LEGAL_NAME ?? input.seller.SELLER_NAME, address: input.seller.SELLER_ADDRESS, lines: [site.supportEmail] }, credit ? 'CREDIT NOTE' : 'Payment receipt', 'Not a tax invoice');
  boxes(doc, { heading: credit ? 'Credit note' : 'Receipt', rows: input.details }, { heading: credit ? 'Issued to' : 'Billed to', rows: input.buyer });
  table(
    doc,
    [{ title: '#', width: 20, align: 'center' }, { title: 'Description', width: 300 }, { title: 'Qty', width: 30, align: 'center' }, { title: 'Amount', width: 90, align: 'right' }],
    [['1', input.description, '1', plain(input.totalPaise)]],
  );
  totals(doc, [['Tax', 'No GST charged'], [credit ? 'Total refunded' : 'Total paid', money(input.totalPaise, input.currency)]]);
  paragraph(doc, 'Amount in words:', amountInWords(input.totalPaise, input.currency));
  if (input.reason) paragraph(doc, 'Reason:', input.reason);
  paragraph(doc, 'GST:', 'No GST was charged: the seller is not registered for GST.');
  footer(doc, null, `Thank you for choosing ${site.productName}. This document was issued electronically and needs no signature.`);
  doc.end();
  return done;
}

const buyerRows = (p: ReceiptInput['payment']): [string, string][] => {
  const b = p.billing;
  return [
    ['Name', p.buyerName ?? ''],
    ...(b?.company ? ([['Company', b.company]] as [string, string][]) : []),
    ['Address', b ? [b.address, b.city, b.zipCode, b.country].filter(Boolean).join(', ') : ''],
    ['Email', p.buyerEmail ?? ''],
  ];
};

/** The document of one successful payment: its tax invoice when it has one, else the receipt. */
export function renderReceiptPdf({ payment, planName, seller, timeZone }: ReceiptInput): Promise<Buffer> {
  const total = paidPaise(payment);
  const period = payment.taxDocument ? periodOf(payment, INDIA) : periodOf(payment, timeZone);
  const description = `${site.productName}: ${planName}${period ? `\nPeriod: ${period}` : ''}`;
  if (payment.taxDocument) {
    return renderGstDocument('invoice', payment.taxDocument, [['Payment id', payment.razorpayPaymentId], ...(payment.method ? ([['Method', payment.method]] as [string, string][]) : [])], description, null);
  }
  return renderPlain('receipt', {
    seller,
    number: String(payment.receiptNumber ?? ''),
    details: [
      ['Receipt number', String(payment.receiptNumber ?? '')],
      ['Date', longDate(payment.paidAt, timeZone)],
      ['Payment id', payment.razorpayPaymentId],
      ...(payment.method ? ([['Method', payment.method]] as [string, string][]) : []),
      ...(period ? ([['Period', period]] as [string, string][]) : []),
    ],
    buyer: buyerRows(payment),
    description: `${site.productName}: ${planName}`,
    totalPaise: total,
    currency: payment.currency,
    reason: null,
  });
}

/** The credit note of a refund: with GST against the payment's tax invoice, or without GST against its receipt. */
export function renderCreditNotePdf({ refund, payment, planName, seller, timeZone }: CreditNoteInput): Promise<Buffer> {
  const description = `Refund: ${site.productName}, ${planName}`;
  const details: [string, string][] = [['Payment id', payment.razorpayPaymentId], ...(refund.razorpayRefundId ? ([['Refund id', refund.razorpayRefundId]] as [string, string][]) : [])];
  if (refund.creditNote) return renderGstDocument('credit_note', refund.creditNote, details, description, refund.reason || null);
  return renderPlain('credit_note', {
    seller,
    number: refund.creditNoteNumber ?? '',
    details: [
      ['Credit note no.', refund.creditNoteNumber ?? ''],
      ['Date', longDate(refund.createdAt, timeZone)],
      ['Against receipt', String(payment.receiptNumber ?? '')],
      ...details,
    ],
    buyer: buyerRows(payment),
    description,
    totalPaise: refund.amountPaise,
    currency: refund.currency,
    reason: refund.reason || null,
  });
}
