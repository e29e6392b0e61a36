import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, gotoAndSettle, test } from './fixtures';

const fill = async (page: Page, values: { name: string; email: string; subject: string; message: string }) => {
  await page.getByLabel('Full Name', { exact: true }).fill(values.name);
  await page.getByLabel('Email Address', { exact: true }).fill(values.email);
  await page.getByLabel('Subject', { exact: true }).fill(values.subject);
  await page.getByLabel('Message', { exact: true }).fill(values.message);
};

const sample = { name: 'Asha Rao', email: 'asha.rao@example.com', subject: 'Team licence', message: 'Hello, we are ten people. Do you offer a team plan?' };

test.describe('contact page', () => {
  test('shows the form, the side information and the quick links', async ({ page }) => {
    await gotoAndSettle(page, '/contact-us');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us');
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    const aside = page.getByRole('complementary', { name: 'Other ways to reach us' });
    await expect(aside.getByRole('link', { name: 'support@stealthbrowser.app' })).toHaveAttribute('href', 'mailto:support@stealthbrowser.app');
    await expect(aside).toContainText('within 24 hours');
    await expect(aside).toContainText('Worldwide support');
    await expect(aside.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/#faq');
    await expect(aside.getByRole('link', { name: 'Refund policy' })).toHaveAttribute('href', '/refund-policy');
    await expect(aside.getByRole('link', { name: 'Terms of service' })).toHaveAttribute('href', '/terms-of-service');
  });

  test('asks for every field and a valid e-mail before sending anything', async ({ page }) => {
    let posted = 0;
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/contact')) posted++;
    });
    await gotoAndSettle(page, '/contact-us');
    await page.getByRole('button', { name: 'Send Message' }).click();
    for (const text of ['Full Name is required', 'Email is required', 'Subject is required', 'Message is required'])
      await expect(page.getByText(text, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Full Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Email Address', { exact: true }).fill('not-an-address');
    await page.getByLabel('Email Address', { exact: true }).blur();
    await expect(page.getByText('Please enter a valid email address', { exact: true })).toBeVisible();
    expect(posted).toBe(0);
  });

  test('sends the message: Sending..., then Message Sent! for 3 seconds, then a fresh form', async ({ page }) => {
    await page.clock.install({ time: new Date('2026-01-10T09:00:00Z') });
    // The answer is held until the sending state has been seen, then let through.
    let release = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/contact', async (route) => {
      await held;
      await route.continue();
    });
    await gotoAndSettle(page, '/contact-us');
    // Time stands still from here: only runFor moves it, so the 3-second window is measured exactly.
    await page.clock.pauseAt(new Date('2026-01-10T09:05:00Z'));
    await fill(page, sample);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/api/v1/contact'));
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    expect((await posted).postDataJSON()).toMatchObject(sample);
    release();

    const success = page.getByTestId('contact-success');
    await expect(success).toContainText('Message Sent!');
    await expect(success).toContainText("We'll get back to you within 24 hours.");
    await page.clock.runFor(2500);
    await expect(success).toBeVisible();
    await page.clock.runFor(600);
    await expect(success).toBeHidden();
    for (const label of ['Full Name', 'Email Address', 'Subject', 'Message']) await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test("a refused message shows the server's message and keeps what was typed", async ({ page }) => {
    await page.route('**/api/v1/contact', (route) =>
      route.fulfill({
        status: 429,
        json: { success: false, error: 'TOO_MANY_REQUESTS', message: 'You have sent several messages in a short time. Please wait a few minutes and try again.' },
      }),
    );
    await gotoAndSettle(page, '/contact-us');
    await fill(page, sample);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toHaveText(/You have sent several messages in a short time/);
    await expect(page.getByLabel('Subject', { exact: true })).toHaveValue(sample.subject);
    await expect(page.getByRole('button', { name: 'Send Message' })).toBeEnabled();
  });

  test('a failure without a server message shows the default text', async ({ page }) => {
    await page.route('**/api/v1/contact', (route) => route.fulfill({ status: 502, contentType: 'text/html', body: '<html>Bad gateway</html>' }));
    await gotoAndSettle(page, '/contact-us');
    await fill(page, sample);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByTestId('contact-error')).toHaveText(/Failed to send your message\. Please try again later\./);
  });
});

test.describe('admin inbox', () => {
  const admin = {
    id: 'a1',
    firstName: 'Ada',
    lastName: 'Admin',
    email: 'admin@example.com',
    role: 'admin',
    isEmailVerified: true,
    subscriptionPlan: 'free',
    subscriptionStatus: 'free',
    isOnTrial: false,
    trialExpires: null,
  };
  const message = (id: string, handled: boolean) => ({
    id,
    name: `Sender ${id}`,
    email: `${id}@example.com`,
    subject: `Question ${id}`,
    message: `Body of ${id}\nsecond line`,
    createdAt: '2026-01-10T09:00:00.000Z',
    handledAt: handled ? '2026-01-10T10:00:00.000Z' : null,
    handledBy: handled ? { id: 'a1', email: 'admin@example.com' } : null,
  });

  test('lists open messages and marks one handled', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('token', 'e2e-admin-token'));
    await page.route('**/api/v1/auth/me', (route) => route.fulfill({ json: { success: true, data: { user: admin } } }));
    // Every admin has two-step verification, and this session passed it (decision 193).
    const twoStep = {
      enabled: true,
      required: true,
      sessionVerified: true,
      confirmedAt: '2026-01-01T00:00:00.000Z',
      lastUsedAt: null,
      recoveryCodesLeft: 10,
      recoveryCodesLow: false,
    };
    await page.route('**/api/v1/auth/two-factor', (route) => route.fulfill({ json: { success: true, data: twoStep } }));
    await page.route('**/api/v1/subscriptions/current', (route) => route.fulfill({ json: { success: true, data: { subscription: null } } }));
    let handled = false;
    const patches: unknown[] = [];
    await page.route('**/api/v1/admin/contact-messages**', async (route) => {
      const req = route.request();
      if (req.method() === 'PATCH') {
        patches.push(req.postDataJSON());
        handled = true;
        return route.fulfill({ json: { success: true, data: { message: message('m1', true) }, message: 'Marked as handled' } });
      }
      const status = new URL(req.url()).searchParams.get('status');
      const open = handled ? [message('m2', false)] : [message('m1', false), message('m2', false)];
      const done = handled ? [message('m1', true)] : [];
      const list = status === 'handled' ? done : status === 'all' ? [...open, ...done] : open;
      return route.fulfill({
        json: {
          success: true,
          data: { messages: list, pagination: { currentPage: 1, totalPages: 1, totalItems: list.length, itemsPerPage: 20 }, counts: { open: open.length, handled: done.length } },
        },
      });
    });

    await gotoAndSettle(page, '/admin/messages');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Messages');
    const items = page.getByTestId('inbox-message');
    await expect(items).toHaveCount(2);
    await expect(items.first()).toContainText('Question m1');
    expect((await new AxeBuilder({ page }).analyze()).violations.map((v) => v.id)).toEqual([]);
    await expect(items.first().getByRole('link', { name: 'Reply' })).toHaveAttribute('href', 'mailto:m1@example.com?subject=Re%3A%20Question%20m1');
    await items.first().getByRole('button', { name: 'Mark handled' }).click();
    await expect(page.getByTestId('toast')).toContainText('Marked as handled');
    expect(patches).toEqual([{ handled: true }]);
    await expect(items).toHaveCount(1);
    await page.getByRole('button', { name: /Handled/ }).click();
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText('Handled by admin@example.com');
  });

  test('sends a visitor who is not an admin to the admin sign-in', async ({ page }) => {
    await page.goto('/admin/messages');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });
});
