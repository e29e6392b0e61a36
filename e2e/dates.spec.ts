import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { longDate, shortDate } from '#shared/dates';
import { pdfText } from '#server/test/pdf-text';
import { expect, payMonthInCheckout, signedIn, test, verifiedUser } from './fixtures';

const NEW_YORK = 'America/New_York';
const calendarDay = (zone: string, at: number) => new Intl.DateTimeFormat('en-US', { timeZone: zone, dateStyle: 'short' }).format(at);

/**
 * The browser's own zone: one whose calendar day, at the time of the run, is not New York's (UTC+14 while New York's
 * day is late enough, else UTC-11). A date the pages wrote in the browser's zone instead of the user's would show.
 */
const BROWSER_ZONE = ['Pacific/Kiritimati', 'Pacific/Pago_Pago'].find((zone) => calendarDay(zone, Date.now()) !== calendarDay(NEW_YORK, Date.now()))!;
test.use({ timezoneId: BROWSER_ZONE });

async function apiGet(page: Page, path: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return (await res.json()).data;
}

test.describe("dates in the user's timezone", () => {
  test('a user in New York sees the same day on the dashboard, in the payment history, on the receipt and in its mail', async ({ page, consoleErrors }) => {
    const email = await verifiedUser(page, 'Nora', 'Quinn');
    // The preference, chosen in Settings.
    await signedIn(page, email, '/settings?tab=preferences');
    await page.getByLabel('Timezone').selectOption(NEW_YORK);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Profile updated successfully!')).toBeVisible();

    // A month, bought in the payment simulator's checkout window.
    await page.goto('/billing');
    await page.getByRole('button', { name: 'Choose Plan: Stealth Month' }).click();
    await payMonthInCheckout(page);
    await page.getByRole('button', { name: 'Go to Dashboard Now' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // What the server recorded, and the New York days of it (not the browser's).
    const [payment] = (await apiGet(page, '/payments')).payments;
    const { subscription } = await apiGet(page, '/subscriptions/current');
    const paidAt = Date.parse(payment.paymentDate);
    expect(calendarDay(BROWSER_ZONE, paidAt)).not.toBe(calendarDay(NEW_YORK, paidAt));
    const paidDay = longDate(paidAt, NEW_YORK);
    const period = [longDate(subscription.currentStart, NEW_YORK), longDate(subscription.currentEnd, NEW_YORK)];
    expect(period[0]).toBe(paidDay);

    // The dashboard's current period.
    await expect(page.getByTestId('plan-label')).toHaveText('Active');
    await expect(page.getByTestId('subscription-card')).toContainText(`${period[0]} – ${period[1]}`);

    // The billing overview and the payment history.
    await page.goto('/billing');
    await expect(page.locator('dt', { hasText: 'Started' }).locator('xpath=following-sibling::dd[1]')).toHaveText(period[0]);
    await page.getByRole('tab', { name: 'Payment History' }).click();
    const row = page.getByTestId('payment-row');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(shortDate(paidAt, NEW_YORK));

    // The receipt downloaded from the history says the same day.
    const downloading = page.waitForEvent('download');
    await row.getByRole('button', { name: /Receipt #\d+/ }).click();
    const receipt = pdfText(readFileSync(await (await downloading).path()));
    expect(receipt).toContain(`Date\n${paidDay}`);
    expect(receipt).toContain(`Period\n${period[0]} to ${period[1]}`);

    // And so does the receipt mail.
    const mails = (await (await page.request.get(`/api/v1/dev/mailbox?to=${encodeURIComponent(email)}`)).json()).data.messages as { id: string; kind: string }[];
    const receiptMail = mails.find((m) => m.kind === 'receipt');
    expect(receiptMail).toBeDefined();
    const mail = (await (await page.request.get(`/api/v1/dev/mailbox/${receiptMail!.id}`)).json()).data.message;
    expect(mail.text).toContain(`Your access runs until ${period[1]}.`);
    expect(consoleErrors).toEqual([]);
  });
});
