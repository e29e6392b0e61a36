import { createHash, randomBytes } from 'node:crypto';
import { load } from 'js-yaml';
import { adminHeaders, adminSession, expect, saveScreenshot, test } from './fixtures';

/**
 * An admin adds a release on /admin/releases (decision 190), publishes it at 50 %, and electron-updater's feed offers
 * it; then yanks it. The release is yanked at the end whatever happens, so the download stays as the other journeys
 * of this worker's server expect it.
 */
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots/releases';

test('an admin uploads an installer, publishes it to half the devices, sees the feed offer it, then yanks it', async ({ page, request, consoleErrors }) => {
  void consoleErrors;
  const version = `3.${Date.now() % 1000}.${Math.floor(Math.random() * 1000)}`;
  const external = `${version}-hosted.1`;
  const installer = randomBytes(256 * 1024);
  const headers = await adminHeaders(request);
  try {
    await adminSession(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/admin/releases');
    await expect(page.getByRole('heading', { name: 'Releases', level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Releases' })).toHaveAttribute('href', '/admin/releases');

    const form = page.getByRole('form', { name: 'Add a release' });
    await form.getByLabel('Version', { exact: true }).fill(version);
    await form.getByLabel('Notes').fill('Faster start, and the window stays hidden on a second screen.');
    await form.getByLabel('Rollout %').fill('50');
    await form.getByLabel('Installer file').setInputFiles({ name: `Stealth Browser Setup ${version}.exe`, mimeType: 'application/octet-stream', buffer: installer });
    await form.getByLabel('Blockmap').setInputFiles({ name: `Stealth Browser Setup ${version}.exe.blockmap`, mimeType: 'application/octet-stream', buffer: randomBytes(512) });
    await form.getByRole('button', { name: 'Add release' }).click();
    await expect(page.getByTestId('release-message')).toHaveText(`v${version} was added as a draft. Publish it when it is ready.`);
    const row = page.getByTestId('release-row').filter({ hasText: `v${version}` });
    await expect(row.getByTestId('release-status')).toHaveText('draft');
    await expect(row).toContainText(`SHA-256 ${createHash('sha256').update(installer).digest('hex')}`);
    await expect(row).toContainText('with blockmap');
    await expect(row.getByTestId('release-downloads')).toHaveText('0 downloads');
    await saveScreenshot(page, { path: `${SHOTS}/releases-1440.png`, fullPage: true });

    await row.getByRole('button', { name: `Publish v${version}` }).click();
    await expect(row.getByTestId('release-status')).toHaveText('published');
    await expect(row).toContainText('rolled out to 50%');
    const feed = load(await (await request.get('/updates/win/latest.yml')).text()) as { version: string; sha512: string; stagingPercentage?: number };
    expect(feed).toMatchObject({ version, sha512: createHash('sha512').update(installer).digest('base64'), stagingPercentage: 50 });

    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, { path: `${SHOTS}/releases-390.png`, fullPage: true });
    await row.getByRole('button', { name: `Yank v${version}` }).click();
    await expect(row.getByTestId('release-status')).toHaveText('yanked');
    expect((await request.get('/updates/win/latest.yml')).status()).toBe(404);

    // An installer hosted elsewhere: its address, size and SHA-512; a draft like the others.
    await form.getByLabel('Hosted elsewhere (https)').check();
    await form.getByLabel('Version', { exact: true }).fill(external);
    await form.getByLabel('Installer URL').fill(`https://downloads.example.com/Stealth-Setup-${external}.exe`);
    await form.getByLabel('Size in bytes').fill('123456');
    await form.getByLabel('SHA-512').fill(createHash('sha512').update(installer).digest('base64'));
    await form.getByRole('button', { name: 'Add release' }).click();
    await expect(page.getByTestId('release-message')).toHaveText(`v${external} was added as a draft. Publish it when it is ready.`);
    await expect(page.getByTestId('release-row').filter({ hasText: `v${external}` })).toContainText(`Stealth-Setup-${external}.exe · 0.1 MB`);
  } finally {
    const list = await (await request.get('/api/v1/admin/releases', { headers })).json();
    for (const r of list.data.releases as { id: string; version: string; status: string }[]) {
      if (r.version === version && r.status === 'published') await request.patch(`/api/v1/admin/releases/${r.id}`, { headers, data: { status: 'yanked' } });
    }
  }
});
