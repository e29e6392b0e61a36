-- Receipts and credit notes are drawn after the commit that numbered them (decision 160). The transaction that records
-- a payment or a refund takes the document's number and writes its mail here; a PDF is drawn (fonts and all) only
-- after the commit, with no lock held, then the mail is queued with it attached and the row goes. Rows left by a
-- crash between the commit and the drawing are drawn by a job in every instance (claimed with a lease).
CREATE TABLE document_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('receipt', 'credit_note')),
  payment_id uuid NOT NULL REFERENCES payments(id) ON DELETE CASCADE,
  refund_id uuid REFERENCES refunds(id) ON DELETE CASCADE,
  mail jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX document_outbox_due_idx ON document_outbox (created_at);
