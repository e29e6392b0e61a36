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
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id),
  amountPaise: integer('amount_paise').notNull(),
  currency: text('currency').notNull().default('INR'),
  reason: text('reason').notNull().default(''),
  /** NULL only while the request to Razorpay is under way; the amount is already held against the payment. */
  razorpayRefundId: text('razorpay_refund_id').unique(),
  status: text('status', { enum: ['created', 'processed', 'failed'] })
    .notNull()
    .default('created'),
  /** admin: asked for in the admin area; razorpay: made in Razorpay's dashboard; system: made by the application, of a payment that bought nothing (0163, decision 110). */
  source: text('source', { enum: ['admin', 'razorpay', 'system'] })
    .notNull()
    .default('admin'),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  errorDescription: text('error_description'),
  creditNoteNumber: text('credit_note_number').unique(),
  creditNote: jsonb('credit_note').$type<TaxDocument | null>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  processedAt: ts('processed_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** An automatic refund's requests to Razorpay: how many, the next one, and the lease of the instance making it (0163). */
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: ts('next_attempt_at'),
  lockedUntil: ts('locked_until'),
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

/** The mail a drawn document goes with: everything but the PDF, written in the transaction that numbered it. */
export type DocumentMail = { kind: string; to: string; subject: string; html: string; text: string; fileName: string };

/** Receipts and credit notes waiting to be drawn after their commit (0171, decision 160). */
export const documentOutbox = pgTable('document_outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  kind: text('kind', { enum: ['receipt', 'credit_note'] }).notNull(),
  paymentId: uuid('payment_id')
    .notNull()
    .references(() => payments.id, { onDelete: 'cascade' }),
  refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
  mail: jsonb('mail').$type<DocumentMail>().notNull(),
  attempts: integer('attempts').notNull().default(0),
  lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
export type DocumentOutboxRow = typeof documentOutbox.$inferSelect;
