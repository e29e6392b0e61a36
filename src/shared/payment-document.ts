/**
 * The document of a payment, as everyone names it (decision 125): its GST tax invoice when it has one (the seller was
 * registered when it was paid, decision 083), else its receipt. The history, the download's file name, the receipt
 * mail and the admin's customer page all take the number and the kind from here, so they name what the PDF says.
 */
export type PaymentDocument = {
  kind: 'tax_invoice' | 'receipt';
  /** As printed on the document: INV/26-27/000001, or the receipt's 1015. */
  number: string;
  /** A file name safe everywhere: tax-invoice-INV-26-27-000001.pdf, receipt-1015.pdf. */
  fileName: string;
};

/** A file name of a document: its number with anything but letters, digits and '-' made '-' (INV/26-27/1 → INV-26-27-1). */
export const documentFileName = (prefix: string, number: string) => `${prefix}-${number.replace(/[^A-Za-z0-9-]/g, '-')}.pdf`;

/** The document of a payment, or null for one that has none (a declined charge). */
export function paymentDocument(p: { receiptNumber: number | null; invoiceNumber?: string | null }): PaymentDocument | null {
  if (p.invoiceNumber) return { kind: 'tax_invoice', number: p.invoiceNumber, fileName: documentFileName('tax-invoice', p.invoiceNumber) };
  if (p.receiptNumber) return { kind: 'receipt', number: String(p.receiptNumber), fileName: documentFileName('receipt', String(p.receiptNumber)) };
  return null;
}
