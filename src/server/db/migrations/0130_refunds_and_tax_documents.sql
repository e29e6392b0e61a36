-- Refunds (full or partial, made from the admin area or in Razorpay's dashboard), the numbered series of tax documents
-- (GST tax invoices and credit notes, one gapless series per financial year), and what a payment's tax invoice said.

CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  payment_id uuid NOT NULL REFERENCES payments(id),
  amount_paise integer NOT NULL CHECK (amount_paise > 0),
  currency text NOT NULL DEFAULT 'INR',
  reason text NOT NULL DEFAULT '',
  -- NULL only while the request to Razorpay is under way (the amount is already held against the payment).
  razorpay_refund_id text UNIQUE,
  status text NOT NULL DEFAULT 'created' CHECK (status IN ('created', 'processed', 'failed')),
  -- 'admin': asked for in the admin area; 'razorpay': made in Razorpay's dashboard and learnt from a webhook.
  source text NOT NULL DEFAULT 'admin' CHECK (source IN ('admin', 'razorpay')),
  created_by uuid REFERENCES users(id) ON DELETE SET NULL,
  error_description text,
  credit_note_number text UNIQUE,
  credit_note jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_payment_idx ON refunds (payment_id);
CREATE INDEX refunds_created_idx ON refunds (created_at) WHERE status <> 'failed';

-- One row per series and financial year (April to March): the last number given. Taken with an upsert in the
-- transaction that issues the document, so numbers are gapless and never given twice.
CREATE TABLE document_series (
  series text NOT NULL,
  financial_year text NOT NULL,
  last_number integer NOT NULL,
  PRIMARY KEY (series, financial_year)
);

-- The tax invoice of a payment while the seller is registered for GST: its number and what it said (seller, buyer,
-- place of supply, tax lines), kept as issued.
ALTER TABLE payments ADD COLUMN invoice_number text UNIQUE;
ALTER TABLE payments ADD COLUMN tax_document jsonb;
