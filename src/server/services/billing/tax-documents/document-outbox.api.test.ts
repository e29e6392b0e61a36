import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentOutbox, outbox } from '#server/db/schema';
import { buy, createBillingTestApp, type BillingTestApp } from '#server/test/billing';
import { TEST_DB_KIND } from '#server/test/harness';
import { createUserAndLogin } from '#server/test/users';
import { lockSubscription, recordSuccessfulPayment } from '../payments/record-payment';
import { DOCUMENT_OUTBOX, drawnAsDownloaded, drawQueuedDocuments } from './document-outbox';

let t: BillingTestApp;
beforeAll(async () => {
  t = await createBillingTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A payment recorded as the checkout's verification records it, committed, and nothing run after the commit (a crash). */
async function paidWithoutDrawing() {
  const u = await createUserAndLogin(t);
  const { subscription, result } = await buy(t, u.token, 'stealth_month');
  const payment = await t.app.ctx.payments.fetchPayment(result.response.razorpay_payment_id);
  await t.db.transaction(async (tx) => {
    const locked = (await lockSubscription(tx, { id: subscription._id }))!;
    await recordSuccessfulPayment(tx, t.config, locked, payment, null);
  });
  const receipts = () => t.db.select().from(outbox).where(eq(outbox.toAddress, u.email));
  const queued = () => t.db.select().from(documentOutbox).where(eq(documentOutbox.kind, 'receipt'));
  return { u, subscriptionId: subscription._id as string, receipts, queued };
}

describe(`receipts and credit notes drawn after the commit (decision 160) on ${TEST_DB_KIND}`, () => {
  it('a crash between the commit and the drawing leaves the receipt queued; the outbox draws it with no lock held', async () => {
    const { u, subscriptionId, receipts, queued } = await paidWithoutDrawing();
    // The commit numbered the receipt and wrote its mail to the document outbox; no PDF was drawn inside it.
    expect(await queued()).toHaveLength(1);
    expect(await receipts()).toEqual([]);

    let drawings = 0;
    const done = await drawQueuedDocuments(t.app.ctx, {
      draw: async (row) => {
        // While the PDF is drawn, the account's, the subscription's and the invoice series' rows are free: taken at once.
        await t.db.transaction(async (tx) => {
          await tx.execute(sql`select id from users where id = ${u.user.id} for update nowait`);
          await tx.execute(sql`select id from subscriptions where id = ${subscriptionId} for update nowait`);
          await tx.execute(sql`select series from document_series for update nowait`);
        });
        drawings += 1;
        return drawnAsDownloaded(t.app.ctx)(row);
      },
    });
    expect([done, drawings]).toEqual([{ sent: 1, failed: 0 }, 1]);
    const [mail] = await receipts();
    expect(mail).toMatchObject({ kind: 'receipt', subject: expect.any(String) });
    expect(mail!.attachments).toEqual([{ filename: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf', contentBase64: expect.any(String) }]);
    expect(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await queued()).toEqual([]);
    // Drawn once: a second run finds nothing.
    expect(await drawQueuedDocuments(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
  });

  it('a drawing that fails is tried again when its lease runs out, and the mail goes once', async () => {
    const { receipts, queued } = await paidWithoutDrawing();
    const failed = await drawQueuedDocuments(t.app.ctx, { draw: async () => Promise.reject(new Error('fonts missing')) });
    expect(failed).toEqual({ sent: 0, failed: 1 });
    expect(await queued()).toMatchObject([{ attempts: 1, lastError: expect.stringContaining('fonts missing') }]);
    // Within the lease nobody takes it again; after it, the job does.
    expect(await drawQueuedDocuments(t.app.ctx)).toEqual({ sent: 0, failed: 0 });
    expect(await drawQueuedDocuments(t.app.ctx, { now: new Date(Date.now() + DOCUMENT_OUTBOX.leaseMs + 1000) })).toEqual({ sent: 1, failed: 0 });
    expect(await receipts()).toHaveLength(1);
    expect(await queued()).toEqual([]);
  });

  it('a checkout verified through the API has its receipt drawn and mailed by the time it answers', async () => {
    const u = await createUserAndLogin(t);
    const { result } = await buy(t, u.token, 'stealth_week');
    const r = result.response;
    const verified = await t.call('POST', '/api/v1/payments/verify', {
      token: u.token,
      body: { paymentId: r.razorpay_payment_id, subscriptionId: r.razorpay_subscription_id, orderId: r.razorpay_order_id, signature: r.razorpay_signature },
    });
    expect(verified.statusCode).toBe(200);
    const [mail] = await t.db.select().from(outbox).where(eq(outbox.toAddress, u.email));
    expect(mail?.attachments?.[0]?.contentType).toBe('application/pdf');
    expect(await t.db.select().from(documentOutbox)).toEqual([]);
  });
});
