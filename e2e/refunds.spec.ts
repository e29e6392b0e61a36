import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { pdfText } from '../src/server/test/pdf-text';
import { adminSignIn, expect, payMonthInCheckout, saveScreenshot, signedIn, test, verifiedUser } from './fixtures';

const SHOTS = '/tmp/shots/refund-ui';

/** Nothing wider than the screen, and `locators` drawn whole inside it (phone-layout.spec.ts's rule). */
async function expectFits(page: Page, ...locators: Locator[]) {
  const width = page.viewportSize()!.width;
  expect(await page.evaluate(() => document.scrollingElement!.scrollWidth)).toBeLessThanOrEqual(width);
  for (const l of locators) {
    await expect(l).toBeVisible();
    const box = (await l.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${l} ends at ${box.x + box.width} of ${width}`).toBeLessThanOrEqual(width);
  }
}

async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
  await saveScreenshot(page, { path: `${SHOTS}/${name}-${page.viewportSize()!.width}.png`, fullPage: true, animations: 'disabled' });
}

test.describe('refunds', () => {
  test('an admin refunds half a payment; the customer sees it in the history, gets the credit note by mail and downloads it; the rest refunded ends the plan', async ({
    page,
    browser,
    consoleErrors,
  }) => {
    mkdirSync(SHOTS, { recursive: true });
    await page.setViewportSize({ width: 1440, height: 1000 });
    const email = await verifiedUser(page, 'Nandini', 'Pillai');
    await signedIn(page, email, '/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await payMonthInCheckout(page);

    // The admin, in a browser of their own, finds the customer and opens the payment's refund.
    const adminContext = await browser.newContext({ viewport: { width: 1440, height: 1000 } });
    const admin = await adminContext.newPage();
    await adminSignIn(admin);
    await admin.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
    await admin.getByRole('searchbox', { name: 'Search customers' }).fill(email);
    await admin.getByRole('button', { name: 'Search' }).click();
    await admin.getByTestId('customer-row').filter({ hasText: 'Nandini Pillai' }).click();
    await expect(admin.getByRole('heading', { name: 'Nandini Pillai', level: 1 })).toBeVisible();
    const payment = admin.getByTestId('customer-payments').getByRole('listitem').first();
    await expect(payment).toContainText('₹299');
    await payment.getByRole('button', { name: 'Refund…' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Refund a payment' });
    await expect(dialog.getByTestId('refundable')).toHaveText('At most ₹299 can be refunded.');
    await dialog.getByLabel('Part of it').check();
    // More than was paid is refused before anything is sent; so is no reason.
    await dialog.getByLabel('Amount in rupees').fill('299.01');
    await dialog.getByLabel('Reason').fill('Half back: the download server was down for two weeks');
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog.getByRole('alert')).toHaveText('The refund cannot be more than ₹299, what is left of this payment.');
    await dialog.getByLabel('Amount in rupees').fill('149.50');
    await saveScreenshot(admin, { path: `${SHOTS}/refund-dialog-1440.png` });
    await dialog.getByRole('button', { name: 'Refund', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.getByText('Refunded ₹149.50; the customer gets the credit note by mail.')).toBeVisible();
    await expect(payment.getByTestId('payment-refund')).toContainText('Partially refunded (₹149.50)');
    const noteButton = payment.getByRole('button', { name: /^Credit note CN\/\d\d-\d\d\/\d{6}$/ });
    await expect(noteButton).toBeVisible();
    const creditNote = (await noteButton.textContent())!.replace('Credit note ', '');
    await expect(admin.getByTestId('audit-entry').first()).toContainText('Half back: the download server was down for two weeks');
    await shot(admin, 'admin-customer');
    await admin.setViewportSize({ width: 390, height: 844 });
    await expectFits(admin, payment.getByTestId('payment-refund'), payment.getByRole('button', { name: 'Refund…' }));
    await shot(admin, 'admin-customer');
    await payment.getByRole('button', { name: 'Refund…' }).click();
    await expect(dialog.getByTestId('refundable')).toHaveText('At most ₹149.50 can be refunded.');
    await saveScreenshot(admin, { path: `${SHOTS}/refund-dialog-390.png` });
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The customer: Payment History says it, and the credit note downloads as the PDF that names its number.
    await page.goto('/billing');
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const row = page.getByTestId('payment-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('payment-status')).toHaveText('Paid');
    await expect(row.getByTestId('payment-refund')).toHaveText('Partially refunded (₹149.50)');
    await shot(page, 'history');
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: `Credit note ${creditNote}` }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`credit-note-${creditNote.replace(/\//g, '-')}.pdf`);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfText(pdf)).toContain(creditNote);
    writeFileSync(`${SHOTS}/credit-note.pdf`, pdf);
    for (const width of [360, 390, 430]) {
      await page.setViewportSize({ width, height: 844 });
      await expectFits(page, row.getByTestId('payment-refund'), row.getByRole('button', { name: `Credit note ${creditNote}` }), row.getByRole('button', { name: /Receipt #\d+/ }));
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'history');

    // The mail with the credit note attached, in the mailbox.
    await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
    await page.getByTestId('mailbox-item').filter({ hasText: 'refund of ₹149.50' }).click();
    const attachment = page.getByTestId('mail-attachment');
    await expect(attachment).toHaveText(`credit-note-${creditNote.replace(/\//g, '-')}.pdf`);
    const mailed = page.waitForEvent('download');
    await attachment.click();
    expect(pdfText(readFileSync(await (await mailed).path()))).toContain(creditNote);
    await shot(page, 'mailbox');

    // The admin refunds the rest: the plan ends now, and the dashboard and billing say so in plain words.
    await payment.getByRole('button', { name: 'Refund…' }).click();
    await dialog.getByLabel('Reason').fill('Cancelled on request');
    await dialog.getByRole('button', { name: 'Refund ₹149.50' }).click();
    await expect(dialog).toBeHidden();
    await expect(payment.getByTestId('payment-refund')).toContainText('Refunded');
    await expect(payment.getByRole('button', { name: 'Refund…' })).toHaveCount(0);
    await expect(payment.getByRole('button', { name: /^Credit note / })).toHaveCount(2);
    await adminContext.close();

    await page.goto('/dashboard');
    await expect(page.getByTestId('plan-label')).toHaveText('Free');
    await expect(page.getByTestId('refund-ended-notice')).toContainText('Your Stealth Month plan ended with a full refund');
    await shot(page, 'dashboard-refunded');
    await page.goto('/billing');
    await expect(page.getByTestId('refund-ended-notice')).toContainText('so the plan ended then and will not renew');
    await expect(page.getByRole('button', { name: 'Choose Plan: Stealth Month' })).toBeVisible();
    await shot(page, 'billing-refunded');
    await page.getByRole('tab', { name: 'Payment History' }).click();
    await expect(row.getByTestId('payment-refund')).toHaveText('Refunded');
    await page.setViewportSize({ width: 1440, height: 1000 });
    await shot(page, 'history-full');
    expect(consoleErrors).toEqual([]);
  });
});
