import { describe, expect, it } from 'vitest';
import type { TaxDocument } from '#server/db/schema';
import { pdfText } from '#server/test/pdf-text';
import { renderCreditNotePdf, renderReceiptPdf, type ReceiptInput } from './receipt-pdf';

const seller = {
  SELLER_NAME: 'Stealth Browser',
  SELLER_LEGAL_NAME: 'Stealth Labs Private Limited',
  SELLER_ADDRESS: '12 MG Road, Bengaluru 560001, India',
  SELLER_GSTIN: '29ABCDE1234F1Z5',
};
const tax = (over: Partial<TaxDocument> = {}): TaxDocument => ({
  supply: 'inter_state',
  number: 'INV/26-27/000012',
  financialYear: '2026-27',
  issuedAt: '2026-11-22T10:00:00Z',
  seller: { legalName: 'Stealth Labs Private Limited', address: '12 MG Road, Bengaluru 560001', gstin: '29ABCDE1234F1Z5', stateCode: '29', stateName: 'Karnataka' },
  buyer: { name: 'Asha Rao', email: 'asha@example.com', address: '4 Park Street, Kolkata', country: 'India', gstin: null, stateCode: '19', stateName: 'West Bengal' },
  placeOfSupply: 'West Bengal (19)',
  sac: '998314',
  ratePercent: 18,
  stateTaxLabel: 'SGST',
  taxablePaise: 25339,
  cgstPaise: 0,
  sgstPaise: 0,
  igstPaise: 4561,
  totalPaise: 29900,
  currency: 'INR',
  ...over,
});
const payment: ReceiptInput['payment'] = {
  receiptNumber: 1001,
  razorpayPaymentId: 'pay_X1',
  amountPaidPaise: 29900,
  amountPaise: 29900,
  currency: 'INR',
  paidAt: new Date('2026-11-22T10:00:00Z'),
  periodStart: new Date('2026-11-22T10:00:00Z'),
  periodEnd: new Date('2026-12-22T10:00:00Z'),
  buyerName: 'Asha Rao',
  buyerEmail: 'asha@example.com',
  billing: { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.com', company: '', address: '4 Park Street', city: 'Kolkata', zipCode: '700016', country: 'IN' },
  method: 'card',
};
const refund = {
  amountPaise: 14950,
  currency: 'INR',
  reason: 'Duplicate charge',
  razorpayRefundId: 'rfnd_1',
  creditNoteNumber: 'CN/26-27/000001',
  createdAt: new Date('2026-11-23T10:00:00Z'),
};
const common = { planName: 'Stealth Month', seller, timeZone: 'Asia/Kolkata' as const };

const invoice = (locale?: 'hi' | 'fr') => renderReceiptPdf({ ...common, payment: { ...payment, taxDocument: tax() }, locale });
const creditNote = (locale?: 'hi' | 'fr') =>
  renderCreditNotePdf({ ...common, payment, refund: { ...refund, creditNote: tax({ number: 'CN/26-27/000001', againstInvoice: 'INV/26-27/000012', totalPaise: 14950 }) }, locale });
const plainCreditNote = (locale?: 'hi' | 'fr') => renderCreditNotePdf({ ...common, payment, refund: { ...refund, creditNote: null }, locale });

/** Whether a PDF embeds a font of its own (Helvetica is built in). */
const embedsFont = (pdf: Buffer) => pdf.toString('latin1').includes('/FontFile2');

describe("receipts, tax invoices and credit notes in the customer's language (decision 097)", () => {
  it('writes a Hindi tax invoice with Hindi labels, its English title under the Hindi one, GSTIN, SAC and the amount in words as filed', async () => {
    const pdf = await invoice('hi');
    const text = pdfText(pdf);
    for (const expected of [
      'कर बीजक',
      'TAX INVOICE',
      'बीजक संख्या',
      'वित्तीय वर्ष',
      'आपूर्ति का स्थान',
      'सेवा का विवरण',
      'कर योग्य मूल्य',
      'GSTIN: 29ABCDE1234F1Z5',
      'SAC',
      '998314',
      'IGST @ 18%',
      'INR 299.00',
      'Indian Rupees Two Hundred Ninety-Nine Only',
      'Stealth Labs Private Limited',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(text).toContain('दिसंबर');
    expect(embedsFont(pdf)).toBe(true);
  });

  it('writes Hindi credit notes, with GST and without', async () => {
    const gst = pdfText(await creditNote('hi'));
    for (const expected of ['क्रेडिट नोट', 'CREDIT NOTE', 'क्रेडिट नोट संख्या', 'CN/26-27/000001', 'INV/26-27/000012', 'Duplicate charge']) expect(gst, expected).toContain(expected);
    const plain = pdfText(await plainCreditNote('hi'));
    for (const expected of ['क्रेडिट नोट', 'यह कर बीजक नहीं है', 'कुल रिफ़ंड', 'INR 149.50']) expect(plain, expected).toContain(expected);
  });

  it('writes French documents in French with the built-in fonts only', async () => {
    const pdf = await creditNote('fr');
    const text = pdfText(pdf);
    for (const expected of ['AVOIR', 'CREDIT NOTE', 'N° d', 'Facture d', 'Émis en vertu de la section 34 du CGST Act, 2017', '22 novembre 2026'])
      expect(text, expected).toContain(expected);
    expect(embedsFont(pdf)).toBe(false);
  });

  it('keeps English documents as they were, without the Devanagari font', async () => {
    const pdf = await invoice();
    const text = pdfText(pdf);
    for (const expected of [
      'TAX INVOICE',
      'Original for recipient',
      'Invoice no.',
      'Place of supply',
      'Description of service',
      'Total (tax included)',
      'Period: November 22, 2026 to',
    ])
      expect(text, expected).toContain(expected);
    expect(text).not.toMatch(/[\u0900-\u097F]/);
    expect(embedsFont(pdf)).toBe(false);
  });

  it("names the buyer's country in words on a receipt and a refund note without GST, as the tax invoice does", async () => {
    for (const pdf of [await renderReceiptPdf({ ...common, payment }), await plainCreditNote()]) {
      const text = pdfText(pdf);
      expect(text).toContain('4 Park Street, Kolkata, 700016, India');
      expect(text).not.toMatch(/700016, IN\b/);
    }
  });

  it('draws a buyer name written in Devanagari in an English document with the Devanagari font', async () => {
    const pdf = await renderReceiptPdf({ ...common, payment: { ...payment, buyerName: 'आशा राव' } });
    expect(embedsFont(pdf)).toBe(true);
    expect(pdfText(pdf)).toContain('आशा राव');
  });
});
