import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LicenceClient } from '../src/licence-client';
import { expect, signedIn, test, verifiedUser } from './fixtures';

/**
 * The reference licence client (decision 187), run in the test process as the desktop program runs it, against the
 * built site: it signs in through the browser device grant, the user approving on /activate in Chromium, activates
 * this machine, and when the user removes the device on the /devices page, its next refresh is refused DEVICE_REMOVED.
 */
test('the program signs in through the browser, activates, and loses its licence when the device is removed on the web', async ({ page, baseURL, consoleErrors }) => {
  test.slow();
  void consoleErrors;
  const email = await verifiedUser(page, 'Priya', 'Menon');
  await signedIn(page, email);
  const dir = await mkdtemp(path.join(tmpdir(), 'licence-client-e2e-'));
  // The program's own address, as a machine elsewhere has (the site limits code requests per address).
  const address = `10.187.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`;
  try {
    const pinnedJwks = await (await page.request.get('/.well-known/jwks.json')).json();
    const client = new LicenceClient({
      baseUrl: baseURL!,
      pinnedJwks,
      statePath: path.join(dir, 'licence.json'),
      hardwareId: `hw-priya-laptop-${Date.now()}`,
      device: { name: 'Priya-Laptop', os: 'Windows 11 Home', appVersion: '2.1.0' },
      fetch: (input, init) => fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), 'x-forwarded-for': address } }),
      // The user approves in the browser before the program's first poll: no poll has to wait.
      sleep: async () => {},
    });

    await client.signInWithBrowser({
      onCode: async ({ userCode, verificationUriComplete }) => {
        // The program opens the approval page in the system browser, where the customer is signed in.
        const url = new URL(verificationUriComplete);
        await page.goto(url.pathname + url.search);
        await expect(page.getByTestId('activate-code')).toHaveText(userCode);
        await expect(page.getByRole('heading', { name: 'Sign in Stealth Browser on Priya-Laptop?' })).toBeVisible();
        await page.getByRole('button', { name: 'Approve' }).click();
        await expect(page.getByRole('heading', { name: 'Stealth Browser is signed in' })).toBeVisible();
      },
    });

    const activated = await client.activate();
    expect(activated).toMatchObject({ licensed: true, action: null, claims: { plan: 'trial' } });
    expect(await client.check()).toMatchObject({ licensed: true });

    await page.goto('/devices');
    const row = page.getByTestId('device-row').filter({ hasText: 'Priya-Laptop' });
    await expect(row.getByTestId('device-system')).toHaveText('Windows 11 Home · App 2.1.0');
    await row.getByRole('button', { name: 'Remove Priya-Laptop' }).click();
    await page.getByRole('button', { name: 'Remove device' }).click();
    await expect(page.getByTestId('devices-message')).toHaveText('Priya-Laptop was removed. The app on it loses its licence at its next refresh.');

    expect(await client.refresh()).toMatchObject({ licensed: false, action: 'activate', code: 'DEVICE_REMOVED' });
    expect(await client.check()).toMatchObject({ licensed: false, code: 'NOT_ACTIVATED' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
