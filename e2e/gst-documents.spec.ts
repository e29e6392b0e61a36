import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-text';
import { adminSignInByForm, buyMonth, E2E_ADMIN, expect, saveScreenshot, signIn, test } from './fixtures';

/**
 * The seller registers for GST between two purchases. This journey runs a server of its own (beside the suite's, on
 * E2E_PORT + 100, with a data directory of its own), started without SELLER_GSTIN and started again with it.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 100;
const BASE = `http://localhost:${PORT}`;
const SELLER = { SELLER_GSTIN: '29ABCDE1234F1ZW', SELLER_LEGAL_NAME: 'Stealth Software Private Limited', SELLER_ADDRESS: '1 Residency Road, Bengaluru 560025' };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/gst-documents';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'stealth-e2e-gst-'));
const env = {
  ...process.env,
  PORT: String(PORT),
  DATA_DIR: dataDir,
  E2E_DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'loopback',
  JWT_SECRET: 'gst-journey-secret-of-at-least-32-characters',
};

let server: ChildProcess | null = null;
async function start(extra: Record<string, string> = {}) {
  server = spawn(process.execPath, ['scripts/start.mjs'], { env: { ...env, ...extra }, stdio: 'ignore' });
  for (let i = 0; i < 300; i++) {
    const up = await fetch(`${BASE}/api/v1/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the GST journey server did not start');
}
async function stop() {
  if (!server || server.exitCode !== null) return;
  server.kill('SIGTERM');
  await once(server, 'exit');
  server = null;
}

test.use({ baseURL: BASE });
test.beforeAll(() => {
  // The built CLI, as playwright.config.ts makes the suite's admin (through tsx it cost seconds more: decision 180).
  execFileSync(process.execPath, ['scripts/admin-create.mjs', E2E_ADMIN.email, E2E_ADMIN.password], { env, stdio: 'ignore' });
  mkdirSync(SHOTS, { recursive: true });
});
test.afterAll(stop);

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await saveScreenshot(page, { path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true, animations: 'disabled' });
}

/** A PDF downloaded by clicking `button`: its file name and text (kept under SHOTS for looking at). */
async function download(page: Page, click: () => Promise<void>, keep: string) {
  const downloading = page.waitForEvent('download');
  await click();
  const file = await downloading;
  const pdf = readFileSync(await file.path());
  writeFileSync(`${SHOTS}/${keep}.pdf`, pdf);
  return { name: file.suggestedFilename(), text: pdfText(pdf) };
}

test.describe('GST documents', () => {
  test('after the seller registers for GST, everyone names the tax invoice; a refund of an earlier payment gets a note without GST against its receipt', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    // Before the registration: a receipt.
    await start();
    const early = await buyMonth(page, 'Kavya', 'Iyer');
    await stop();

    // Registered: the next payment has a tax invoice, and the history, the file, the mail and the admin all name it.
    await start(SELLER);
    const email = await buyMonth(page, 'Rohan', 'Mehta');
    await signIn(page, email);
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const row = page.getByTestId('payment-row');
    const invoiceButton = row.getByRole('button', { name: /^Tax invoice INV\/\d\d-\d\d\/\d{6}$/ });
    await expect(invoiceButton).toBeVisible();
    await expect(row.getByRole('button', { name: /Receipt #/ })).toHaveCount(0);
    const invoice = (await invoiceButton.textContent())!.replace('Tax invoice ', '');
    const fileName = `tax-invoice-${invoice.replace(/\//g, '-')}.pdf`;
    const pdf = await download(page, () => invoiceButton.click(), 'tax-invoice');
    expect(pdf.name).toBe(fileName);
    expect(pdf.text).toContain('TAX INVOICE');
    expect(pdf.text).toContain(invoice);
    await shot(page, 'history');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(invoiceButton).toBeInViewport();
    await shot(page, 'history');

    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    const receiptMail = page.getByTestId('mailbox-item').filter({ hasText: `Your Stealth Browser tax invoice ${invoice}` });
    await receiptMail.click();
    await expect(page.getByTestId('mail-attachment')).toHaveText(fileName);
    await expect(page.locator('details pre')).toContainText(`Tax invoice number: ${invoice}`);
    // The mail as it is shown (its HTML), named by the invoice too, before it is photographed.
    await expect(page.frameLocator('iframe[title="Mail preview"]').locator('body')).toContainText(invoice);
    await shot(page, 'invoice-mail');

    // The admin: the customer list in words with the admin apart, the payment named by its invoice, the billing details.
    const adminContext = await browser.newContext({ baseURL: BASE, viewport: { width: 1440, height: 1000 } });
    const admin = await adminContext.newPage();
    // Its first sign-in on this server: the admin area asks for two-step verification first (decision 193).
    await adminSignInByForm(admin);
    await admin.goto('/admin/customers');
    const customerRow = admin.getByTestId('customer-results').getByTestId('customer-row').filter({ hasText: 'Rohan Mehta' });
    await expect(customerRow).toContainText('Stealth Month');
    await expect(customerRow).not.toContainText('stealth_month');
    await expect(admin.getByTestId('customer-count')).toHaveText('2 customers');
    await expect(admin.getByTestId('admin-results').getByTestId('customer-row')).toContainText(E2E_ADMIN.email);
    await expect(admin.getByTestId('customer-results')).not.toContainText(E2E_ADMIN.email);
    await shot(admin, 'customers');
    await customerRow.click();
    await expect(admin.getByRole('heading', { name: 'Rohan Mehta', level: 1 })).toBeVisible();
    const payment = admin.getByTestId('customer-payments').getByRole('listitem').first();
    await expect(payment.getByTestId('payment-facts')).toContainText(`tax invoice ${invoice}`);
    const adminPdf = await download(admin, () => payment.getByRole('button', { name: 'Download tax invoice' }).click(), 'admin-tax-invoice');
    expect(adminPdf.name).toBe(fileName);
    const billing = admin.getByTestId('customer-billing');
    for (const fact of ['Rohan Mehta', '29 - Karnataka', '12 MG Road, Bengaluru, 560001, India', 'None (unregistered)']) await expect(billing).toContainText(fact);
    await shot(admin, 'customer');
    await admin.setViewportSize({ width: 390, height: 844 });
    await expect(billing).toBeVisible();
    expect(await admin.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(admin, 'customer');

    // The payment from before the registration: refunded with a note against its receipt, no GST, no invoice named.
    await admin.setViewportSize({ width: 1440, height: 1000 });
    await admin.goto('/admin/customers');
    await admin.getByTestId('customer-row').filter({ hasText: 'Kavya Iyer' }).click();
    const before = admin.getByTestId('customer-payments').getByRole('listitem').first();
    const receipt = /receipt (\d+)/.exec((await before.getByTestId('payment-facts').textContent())!)![1]!;
    await before.getByRole('button', { name: 'Refund…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund a payment' });
    await dialog.getByLabel('Reason').fill('Requested within 48 hours');
    await dialog
      .getByRole('button', { name: /^Refund/ })
      .last()
      .click();
    await expect(dialog).toBeHidden();
    const noteButton = before.getByRole('button', { name: /^Credit note CN\// });
    await expect(noteButton).toBeVisible();
    const note = await download(admin, () => noteButton.click(), 'refund-note-before-registration');
    for (const expected of ['CREDIT NOTE', 'Against receipt', receipt, `No GST was charged on receipt ${receipt}, so this note reverses no tax.`])
      expect(note.text, expected).toContain(expected);
    for (const absent of ['section 34', 'Against invoice', 'Payment receipt', 'zero-rated', 'CGST']) expect(note.text, absent).not.toContain(absent);
    await adminContext.close();

    // The customer's refund mail: the refund policy's delay, and no other.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(early)}`);
    await page.getByTestId('mailbox-item').filter({ hasText: 'refund of ₹299' }).click();
    await expect(page.locator('details pre')).toContainText('within 10 business days');
    await expect(page.locator('details pre')).not.toContainText('5 to 7');
    const shown = page.frameLocator('iframe[title="Mail preview"]').locator('body');
    await expect(shown).toContainText('10 business days');
    await expect(shown).not.toContainText('5 to 7');
    await shot(page, 'refund-mail');
    expect(consoleErrors).toEqual([]);
  });
});
