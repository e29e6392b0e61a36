import { mkdirSync } from 'node:fs';
import { adminSignIn, E2E_ADMIN, expect, saveScreenshot, test, verifiedUser } from './fixtures';

const SHOTS = '/tmp/shots/customers';

test.describe('admin customers', () => {
  test('an admin finds a customer, extends the trial with a reason, and sees it in the audit log, on a wide screen and a phone', async ({ page }) => {
    mkdirSync(SHOTS, { recursive: true });
    const email = await verifiedUser(page, 'Kavya', 'Iyer');
    const me = async () =>
      (await (await page.request.post('/api/v1/auth/login', { data: { email, password: 'Str0ng!Passw0rd', deviceType: 'desktop' } })).json()).data.user as { trialExpires: string };
    const trialBefore = new Date((await me()).trialExpires).getTime();
    // A contact message typed with the customer's address: the admin page lists it, saying the address was not proven.
    const contact = await page.request.post('/api/v1/contact', { data: { name: 'Kavya Iyer', email, subject: 'Please refund me', message: 'Please refund my last payment.' } });
    expect(contact.ok()).toBe(true);

    await page.setViewportSize({ width: 1440, height: 1000 });
    await adminSignIn(page);
    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Customers' }).click();
    await expect(page.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search customers' }).fill(email.slice(0, email.indexOf('@') + 1).toUpperCase());
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.getByTestId('customer-row');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('Kavya Iyer');
    await saveScreenshot(page, { path: `${SHOTS}/search-1440.png`, fullPage: true });
    await rows.first().click();

    await expect(page.getByRole('heading', { name: 'Kavya Iyer', level: 1 })).toBeVisible();
    await expect(page.getByTestId('customer-access')).toContainText('Trial');
    await expect(page.getByTestId('customer-sessions')).toContainText('Desktop program');
    const messages = page.getByRole('region', { name: 'Contact messages' });
    await expect(messages).toContainText('Please refund me');
    await expect(messages).toContainText('Anyone can type an address there: check with the customer before acting on a message.');
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Extend trial' }).click();
    const dialog = page.getByRole('dialog', { name: 'Extend the trial' });
    await dialog.getByLabel('Days').fill('3');
    // No reason: the dialog says why it cannot go on, and nothing is sent.
    await dialog.getByRole('button', { name: 'Extend trial' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Please give a reason: it is kept in the audit log');
    await dialog.getByLabel('Reason').fill('Evaluating for a team of five');
    await dialog.getByRole('button', { name: 'Extend trial' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Trial extended by 3 days')).toBeVisible();

    const entry = page.getByTestId('audit-entry').first();
    await expect(entry).toContainText('Extended the trial');
    await expect(entry).toContainText('Evaluating for a team of five');
    await expect(entry).toContainText(E2E_ADMIN.email);
    // The customer's own account says the same: three more days.
    expect(new Date((await me()).trialExpires).getTime() - trialBefore).toBe(3 * 86_400_000);
    await saveScreenshot(page, { path: `${SHOTS}/customer-1440.png`, fullPage: true });

    await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Audit log' }).click();
    await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
    const logged = page.getByTestId('audit-entry').filter({ hasText: email });
    await expect(logged).toHaveCount(1);
    await expect(logged).toContainText('Extended the trial');
    await saveScreenshot(page, { path: `${SHOTS}/audit-1440.png`, fullPage: true });

    // A phone: the same pages, nothing wider than the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    await logged.getByRole('link', { name: email }).click();
    await expect(page.getByRole('heading', { name: 'Kavya Iyer', level: 1 })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, { path: `${SHOTS}/customer-390.png`, fullPage: true });
    await page.getByRole('group', { name: 'Actions' }).getByRole('button', { name: 'Grant complimentary period' }).click();
    await expect(page.getByRole('dialog', { name: 'Grant a complimentary period' })).toBeVisible();
    await saveScreenshot(page, { path: `${SHOTS}/dialog-390.png` });
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await page.goto('/admin/audit-log');
    await expect(page.getByTestId('audit-entry').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await saveScreenshot(page, { path: `${SHOTS}/audit-390.png`, fullPage: true });
  });
});
