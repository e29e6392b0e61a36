import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { payments } from './billing';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * What a GST tax invoice or credit note said when it was issued (0130, decision 083): kept as issued, so a later change
 * of the seller's configuration or the buyer's profile never rewrites a filed document. Amounts in paise.
 */
export type TaxDocument = {
  /** intra_state: CGST + SGST (or UTGST); inter_state: IGST; export: zero-rated, no tax. */
  supply: 'intra_state' | 'inter_state' | 'export';
  number: string;
  financialYear: string;
  issuedAt: string;
  seller: { legalName: string; address: string; gstin: string; stateCode: string; stateName: string };
  buyer: { name: string; email: string; address: string; country: string; gstin: string | null; stateCode: string | null; stateName: string | null };
  placeOfSupply: string;
  sac: string;
  ratePercent: number;
  /** The second half of an intra-state split: SGST, or UTGST in a union territory without a legislature. */
  stateTaxLabel: 'SGST' | 'UTGST';
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
  totalPaise: number;
  currency: string;
  /** Credit notes: the tax invoice they reduce. */
  againstInvoice?: string | null;
};

/** A refund of (part of) a payment (0130, decision 082). */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  paymentId: uuid('payment_id').notNull().references(() => payments.id),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  reason: text('reason').notNull().default(''),
  /** NULL only while the request to Razorpay is under way; the amount is already held against the payment. */
  razorpayRefundId: text('razorpay_refund_id').unique(),
  status: text('status', { enum: ['created', 'processed', 'failed'] }).notNull().default('created'),
  source: text('source', { enum: ['admin', 'razorpay'] }).notNull().default('admin'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  errorDescription: text('error_description'),
  creditNoteNumber: text('credit_note_number').unique(),
  creditNote: jsonb('credit_note').$type<TaxDocument | null>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** The last number given in each series (tax invoices, credit notes) per financial year (0130). */
export const documentSeries = pgTable(
  'document_series',
  {
    series: text('series').notNull(),
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull(),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

export type RefundRow = typeof refunds.$inferSelect;
