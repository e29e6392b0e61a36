import { describe, expect, it } from 'vitest';
import { documentFileName, paymentDocument } from './payment-document';

describe("a payment's document", () => {
  it('is its tax invoice when it has one, else its receipt; none for a declined charge', () => {
    expect(paymentDocument({ receiptNumber: 1015, invoiceNumber: 'INV/26-27/000001' })).toEqual({
      kind: 'tax_invoice',
      number: 'INV/26-27/000001',
      fileName: 'tax-invoice-INV-26-27-000001.pdf',
    });
    expect(paymentDocument({ receiptNumber: 1015, invoiceNumber: null })).toEqual({ kind: 'receipt', number: '1015', fileName: 'receipt-1015.pdf' });
    expect(paymentDocument({ receiptNumber: null, invoiceNumber: null })).toBeNull();
  });

  it('makes file names of numbers safe: no slash, no dot, no quote, nothing a shell or a header would read', () => {
    expect(documentFileName('credit-note', 'CN/26-27/000001')).toBe('credit-note-CN-26-27-000001.pdf');
    expect(documentFileName('x', '../"a b";\\')).toBe('x-----a-b---.pdf');
  });
});
