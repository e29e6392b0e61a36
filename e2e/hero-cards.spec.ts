import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { adminSessionData, expect, gotoAndSettle, openInApp, test } from './fixtures';

const UNAVAILABLE = 'The Windows download is not available yet. Please check back soon.';
const WIDTHS = [390, 1440];

const boxOf = async (l: Locator) => {
  const b = await l.boundingBox();
  expect(b, 'element on screen').not.toBeNull();
  return b!;
};

/** The opacity of an element's own background colour (0 when it has none). */
const backgroundAlpha = (l: Locator) =>
  l.evaluate((el) => {
    const probe = document.createElement('canvas').getContext('2d')!;
    probe.fillStyle = getComputedStyle(el).backgroundColor;
    probe.fillRect(0, 0, 1, 1);
    return probe.getImageData(0, 0, 1, 1).data[3] / 255;
  });

const axeViolations = async (page: Page, include?: string) => {
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
};

test.describe('the hero poster and the download that is not there yet', () => {
  for (const width of WIDTHS) {
    test(`at ${width} px the poster's caption sits on a band of its own under the illustration`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoAndSettle(page, '/');
      const poster = page.locator('#videos').getByTestId('demo-poster');
      const picture = poster.locator('img');
      const caption = poster.getByTestId('demo-caption');
      await expect(caption.getByRole('status')).toHaveText(/^Demo video coming soon/);
      await expect(caption).toContainText('A short walkthrough is on its way.');

      const [frame, art, band] = await Promise.all([boxOf(poster), boxOf(picture), boxOf(caption)]);
      // Inside the poster's frame, below the whole illustration, which keeps its 16:9 box.
      expect(band.x).toBeGreaterThanOrEqual(frame.x - 0.5);
      expect(band.x + band.width).toBeLessThanOrEqual(frame.x + frame.width + 0.5);
      expect(band.y + band.height).toBeLessThanOrEqual(frame.y + frame.height + 0.5);
      expect(band.y).toBeGreaterThanOrEqual(art.y + art.height - 0.5);
      expect(Math.abs(art.height - (art.width * 9) / 16)).toBeLessThan(1);
      // A solid band, not text over the picture.
      expect(await backgroundAlpha(caption)).toBe(1);
      expect(await axeViolations(page, '#videos')).toEqual([]);
    });
  }

  test('with a demo video the band invites to play and keeps its height', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoAndSettle(page, '/');
    const without = await boxOf(page.getByTestId('demo-caption'));
    await page.route('**/api/v1/downloads/config', (route) =>
      route.fulfill({ json: { success: true, data: { windows: { available: false, href: null }, macos: { available: false }, demoVideoUrl: '/e2e-demo.mp4' } } }),
    );
    await openInApp(page, '/');
    const caption = page.getByTestId('demo-caption');
    await expect(caption).toContainText('See Stealth Browser in action');
    await expect(page.getByRole('button', { name: 'Play the demo video' })).toBeVisible();
    expect((await boxOf(caption)).height).toBeCloseTo(without.height, 0);
  });

  for (const width of [768, 1440]) {
    test(`at ${width} px the dialog without an installer is a designed state with a way forward`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoAndSettle(page, '/');
      await page.getByTestId('download-windows').first().click();
      const dialog = page.getByRole('dialog', { name: 'Download not available yet' });
      await expect(dialog).toBeVisible();
      const state = dialog.getByTestId('download-unavailable');
      await expect(state.getByRole('status')).toHaveText(UNAVAILABLE);
      await expect(state).toContainText('Stealth Browser for Windows · v2.1.0');
      await expect(state).toContainText('Create your account now and be ready to sign in the moment it is out.');
      await expect(state.getByRole('listitem')).toHaveText(['Always Free to Use for Testing', 'No credit card required']);
      await expect(state.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
      // The whole panel is on screen.
      const panel = await boxOf(dialog);
      expect(panel.y).toBeGreaterThanOrEqual(0);
      expect(panel.y + panel.height).toBeLessThanOrEqual(900);
      expect(await axeViolations(page, '[data-testid="download-dialog"]')).toEqual([]);

      await state.getByRole('button', { name: 'Create your account' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('auth-modal')).toHaveAttribute('data-mode', 'signup');
    });
  }

  test('on a Hindi page the dialog comes with its texts in Hindi, its links in the language', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await gotoAndSettle(page, '/hi');
    await page.getByTestId('download-windows').first().click();
    const dialog = page.getByRole('dialog', { name: 'डाउनलोड अभी उपलब्ध नहीं है' });
    await expect(dialog.getByRole('status')).toHaveText('Windows डाउनलोड अभी उपलब्ध नहीं है। कृपया जल्द ही फिर देखें।');
    await expect(dialog.getByRole('listitem')).toHaveText(['टेस्टिंग के लिए हमेशा मुफ़्त', 'क्रेडिट कार्ड की ज़रूरत नहीं']);
    await expect(dialog.getByRole('link', { name: 'संपर्क करें' })).toHaveAttribute('href', '/hi/contact-us');
  });
});

const adminToken = async (request: APIRequestContext) => (await adminSessionData(request)).token;

test.describe('blog cards with and without a featured image', () => {
  const made: string[] = [];
  const excerpt = 'Every card tells the same length of story here, so that only the picture on top can make one card taller than another.';
  const TITLES = {
    plain: 'Cards: a post in plain words',
    photo: 'Cards: a post with a photo',
    bare: 'Cards: a post with no keywords',
    broken: 'Cards: a post whose photo is gone',
  };

  test.beforeAll(async ({ request, browser }) => {
    const token = await adminToken(request);
    const headers = { authorization: `Bearer ${token}` };
    // Any real picture will do: a screenshot of a blank page is a PNG.
    const shooter = await browser.newPage({ viewport: { width: 640, height: 360 } });
    const png = await shooter.screenshot();
    await shooter.close();
    const upload = await request.post('/api/v1/admin/uploads', { headers, multipart: { file: { name: 'card-photo.png', mimeType: 'image/png', buffer: png } } });
    expect(upload.status()).toBe(201);
    const photo = (await upload.json()).data.url as string;
    // Newest first: the list shows broken, bare, photo, plain.
    for (const [title, extra] of [
      [TITLES.plain, { meta_keywords: 'stealth browser, privacy, screen sharing' }],
      [TITLES.photo, { featured_image: photo }],
      [TITLES.bare, {}],
      [TITLES.broken, { featured_image: '/storage/blog-images/blog-0-gone.png' }],
    ] as const) {
      const slug = title
        .toLowerCase()
        .replace(/[^a-z ]/g, '')
        .replace(/ +/g, '-');
      const res = await request.post('/api/v1/admin/blog/posts', { headers, data: { title, slug, excerpt, content: '<p>Cards</p>', read_time: 3, status: 'published', ...extra } });
      expect(res.status()).toBe(201);
      made.push((await res.json()).data.post.id);
    }
  });

  test.afterAll(async ({ request }) => {
    const token = await adminToken(request);
    for (const id of made) await request.delete(`/api/v1/admin/blog/posts/${id}`, { headers: { authorization: `Bearer ${token}` } });
  });

  for (const width of WIDTHS) {
    test(`at ${width} px a card without an image has a drawn cover, no empty block, and the height of its neighbours`, async ({ page, consoleErrors }) => {
      // The one missing picture is the point of the fourth card; the browser logs its 404.
      page.on('console', (msg) => {
        const i = msg.location().url.endsWith('/blog-0-gone.png') ? consoleErrors.lastIndexOf(msg.text()) : -1;
        if (i >= 0) consoleErrors.splice(i, 1);
      });
      await page.setViewportSize({ width, height: 900 });
      await gotoAndSettle(page, '/blog');
      const card = (title: string) => page.getByTestId('blog-card').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
      const [plain, photo, bare, broken] = [card(TITLES.plain), card(TITLES.photo), card(TITLES.bare), card(TITLES.broken)];

      const picture = photo.getByTestId('post-image');
      await expect(picture).toHaveCount(1);
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await broken.scrollIntoViewIfNeeded();
      await expect(photo.getByTestId('post-cover')).toHaveCount(0);

      for (const c of [plain, bare, broken]) {
        await expect(c.getByTestId('post-cover')).toBeVisible();
        await expect(c.getByTestId('post-image')).toHaveCount(0);
        await expect(c.locator('img')).toHaveCount(0);
      }
      // The cover names the post's topic (its keywords, less the product's name) or the blog.
      await expect(plain.getByTestId('post-cover')).toContainText('Privacy · Screen sharing');
      await expect(plain.getByTestId('post-cover')).not.toContainText('Stealth browser');
      await expect(bare.getByTestId('post-cover')).toContainText('Tech Insights');

      // The cover fills the slot the photo has, and leaves no empty block under the text: a card without an image
      // has no more room between its excerpt and Read More than the card with the photo beside it (or, alone on its
      // row, only the usual margin).
      const gapUnderText = async (c: Locator) => {
        const textEnd = await c.getByText(excerpt).evaluate((p) => {
          const range = document.createRange();
          range.selectNodeContents(p);
          return range.getBoundingClientRect().bottom;
        });
        return (await boxOf(c.getByRole('link', { name: /^Read More/ }))).y - textEnd;
      };
      const slot = await boxOf(photo.getByTestId('post-image'));
      const photoGap = await gapUnderText(photo);
      for (const c of [plain, bare, broken]) {
        const cover = await boxOf(c.getByTestId('post-cover'));
        expect(cover.height).toBeCloseTo(slot.height, 0);
        const besidePhoto = Math.abs((await boxOf(c)).y - (await boxOf(photo)).y) < 1;
        if (width < 640 || besidePhoto) expect(await gapUnderText(c), 'room between the excerpt and Read More').toBeLessThan(Math.max(photoGap, 20) + 30);
      }

      // Cards side by side have one height.
      const boxes = await Promise.all([broken, bare, photo, plain].map(boxOf));
      const rows = new Map<number, number[]>();
      for (const b of boxes) rows.set(Math.round(b.y), [...(rows.get(Math.round(b.y)) ?? []), b.height]);
      if (width >= 1024) expect([...rows.values()].some((heights) => heights.length > 1)).toBe(true);
      for (const heights of rows.values()) expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);

      expect(await axeViolations(page)).toEqual([]);
    });
  }
});
