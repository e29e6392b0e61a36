import { deflateSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import { adminSession, adminSessionData, answerAdminCode, E2E_ADMIN, expect, forgiveFetches, forgiveNotFoundDocument, gotoAndSettle, test } from './fixtures';

/** A real PNG (a calm gradient), so the upload, the preview and the served image are all genuine. */
function gradientPng(width = 480, height = 252): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) {
      const t = (x + y) / (width + height);
      rows.set([Math.round(16 + 108 * t), Math.round(19 + 121 * t), Math.round(26 + 229 * t)], row + 1 + x * 3);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const adminToken = async (request: APIRequestContext) => (await adminSessionData(request)).token;

async function removePostBySlug(request: APIRequestContext, slug: string) {
  const token = await adminToken(request);
  const headers = { authorization: `Bearer ${token}` };
  const list = await (await request.get('/api/v1/admin/blog/posts?limit=100', { headers })).json();
  for (const post of list.data.posts as { id: string; slug: string }[]) {
    if (post.slug === slug) expect((await request.delete(`/api/v1/admin/blog/posts/${post.id}`, { headers })).ok()).toBe(true);
  }
}

test.describe('blog and admin', () => {
  test('admin journey: sign in, write with an image, publish, read, edit, archive, delete', async ({ page, request, context, consoleErrors }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const title = 'E2E Journey: Hidden Windows!';
    const slug = 'e2e-journey-hidden-windows';
    forgiveFetches(page, consoleErrors, new RegExp(`/api/v1/(subscriptions/current|blog/posts/${slug})$`));
    // The body's <img src="x"> (an XSS probe) is an image that is not there: the preview and the post ask for it.
    forgiveFetches(page, consoleErrors, /\/(admin|blog)\/x$/);
    // A retry starts clean: the post a failed try published is removed first.
    await removePostBySlug(request, slug);

    // Sign in
    await page.goto('/admin/login');
    await expect(page.getByText('Only authorized administrators can access this panel')).toBeVisible();
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    const password = page.getByLabel('Password', { exact: true });
    await password.fill(E2E_ADMIN.password);
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Every admin has two-step verification (decision 193; the first API session above enrolled this one).
    await answerAdminCode(page);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Blog Management' })).toBeVisible();
    await expect(page.getByTestId('stat-total')).toContainText('Total Posts');
    const publishedFigure = page.getByTestId('stat-published').locator('p').nth(1);
    await expect(publishedFigure).toHaveText(/^\d+$/);
    const publishedBefore = Number(await publishedFigure.textContent());
    await expect(page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Messages' })).toHaveAttribute('href', '/admin/messages');

    // New post with an uploaded image
    await page.getByRole('link', { name: 'New Post' }).click();
    await expect(page).toHaveURL(/\/admin\/new-post$/);
    await expect(page.getByText('PNG, JPG, GIF up to 10MB')).toBeVisible();
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await expect(page.getByTestId('toast').filter({ hasText: 'Please fill in all required fields' })).toBeVisible();

    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Excerpt').fill('How a window stays out of every screen share, explained for the end-to-end test.');
    await page.getByLabel('Read time (minutes)').fill('4');
    await page.getByLabel('Upload featured image').setInputFiles({ name: 'Cover Photo.png', mimeType: 'image/png', buffer: gradientPng() });
    await expect(page.getByTestId('image-preview')).toBeVisible();
    await page.getByLabel('Meta title').fill('Hidden windows, explained');
    await page.getByLabel('Meta description').fill('What display affinity does, in plain words.');
    await page.getByLabel('Meta keywords').fill('windows, privacy');
    await page
      .getByLabel('HTML content')
      .fill(
        '<h2>Why it matters</h2><p>Plain <strong>words</strong> and a <a href="javascript:window.__xss=1">bad link</a>.</p><img src="x" onerror="window.__xss=2"><script>window.__xss=3</script><ul><li>One</li><li>Two</li></ul>',
      );
    await page.getByRole('button', { name: 'Show Preview' }).click();
    await expect(page.getByLabel('Preview').getByRole('heading', { name: 'Why it matters' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish Post' }).click();
    await expect(page.getByText('Blog post created successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    const row = page.getByTestId('admin-post-row').filter({ hasText: title });
    await expect(row).toContainText('published');
    await expect(row).toContainText('4 min read');
    await expect(page.getByTestId('stat-published')).toContainText(String(publishedBefore + 1));

    // Public list and post
    await gotoAndSettle(page, '/blog');
    const card = page.getByTestId('blog-card').filter({ hasText: title });
    await expect(card).toBeVisible();
    await expect(card).toContainText('4 min read');
    await card.getByRole('link', { name: /Read More/ }).click();
    await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(/^Published on [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
    const cover = page.locator('article img').first();
    await expect(cover).toHaveAttribute('src', /^\/storage\/blog-images\/blog-\d+-cover-photo\.png$/);
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    const body = page.getByTestId('post-body');
    await expect(body).toHaveAttribute('data-styled', 'true');
    await expect(body.getByRole('heading', { name: 'Why it matters' })).toHaveCSS('font-size', '24px');
    await expect(body.getByText('bad link')).not.toHaveAttribute('href', /javascript/);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await body.innerHTML()).not.toMatch(/onerror|<script|javascript:/i);

    await page.getByRole('button', { name: 'Share Article' }).click();
    await expect(page.getByText('Link copied to clipboard!')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());

    // The HTML the server sends carries the meta tags, without scripts
    const html = await (await request.get(`/blog/${slug}`)).text();
    expect(html).toContain('<title>Hidden windows, explained</title>');
    expect(html).toContain('<meta name="description" content="What display affinity does, in plain words.">');
    expect(html).toContain('<meta name="keywords" content="windows, privacy">');
    expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/blog/${slug}">`));
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/localhost:\d+\/storage\/blog-images\/blog-\d+-cover-photo\.png">/);
    expect(html).toContain('"@type":"Article"');
    const image = await request.get((await cover.getAttribute('src'))!);
    expect(image.headers()['cache-control']).toBe('public, max-age=3600');
    expect(image.headers()['content-type']).toBe('image/png');
    expect((await request.get('/rss.xml')).ok()).toBe(true);
    expect(await (await request.get('/rss.xml')).text()).toContain(`/blog/${slug}</link>`);
    expect(await (await request.get('/sitemap.xml')).text()).toContain(`/blog/${slug}</loc>`);

    // Edit, then archive
    await page.goto('/admin/dashboard');
    await page.getByRole('link', { name: `Edit ${title}` }).click();
    await expect(page.getByRole('textbox', { name: 'Title', exact: true })).toHaveValue(title);
    await expect(page.getByTestId('image-preview')).toBeVisible();
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`${title} (updated)`);
    await expect(page.getByLabel('Slug')).toHaveValue(slug);
    await page.getByLabel('Status').selectOption('archived');
    await page.getByRole('button', { name: 'Update Post' }).click();
    await expect(page.getByText('Blog post updated successfully!')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/dashboard$/);
    await expect(page.getByTestId('admin-post-row').filter({ hasText: `${title} (updated)` })).toContainText('archived');

    // Gone from the public pages
    await gotoAndSettle(page, '/blog');
    await expect(page.getByTestId('blog-card').first()).toBeVisible();
    await expect(page.getByTestId('blog-card').filter({ hasText: title })).toHaveCount(0);
    forgiveNotFoundDocument(page, consoleErrors, new RegExp(`/blog/${slug}$`));
    expect((await page.goto(`/blog/${slug}`))?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Blog Post Not Found' })).toBeVisible();
    await expect(page).toHaveTitle('Blog Post Not Found | Stealth Browser');
    await expect(page.getByText("The blog post you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByTestId('toast').filter({ hasText: 'Blog post not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Blog' })).toBeVisible();
    const goneHtml = await (await request.get(`/blog/${slug}`)).text();
    expect(goneHtml).toContain('<meta name="robots" content="noindex">');
    expect(goneHtml).not.toContain('Hidden windows, explained');
    expect(await (await request.get('/rss.xml')).text()).not.toContain(slug);
    expect(await (await request.get('/sitemap.xml')).text()).not.toContain(slug);

    // Delete
    await page.goto('/admin/dashboard');
    await page.getByRole('button', { name: `Delete ${title} (updated)` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('Are you sure you want to delete this blog post?');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Blog post deleted successfully')).toBeVisible();
    await expect(page.getByTestId('admin-post-row').filter({ hasText: title })).toHaveCount(0);

    // Logout returns to the admin sign-in
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('on a phone the admin post list is a column of cards, without sideways scrolling', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await adminSession(page);
    await gotoAndSettle(page, '/admin/dashboard');
    const rows = page.getByTestId('admin-post-row');
    await expect(rows.first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByRole('columnheader', { name: 'Status' })).toBeHidden();
    // Title above; status, date and the three actions on the line below, inside the card.
    const first = rows.first();
    const title = await first.locator('td').first().boundingBox();
    const actions = await first.getByRole('button', { name: /^Delete / }).boundingBox();
    expect(actions!.y).toBeGreaterThan(title!.y + title!.height - 1);
    expect(actions!.x + actions!.width).toBeLessThanOrEqual(390);
  });

  test('guarded admin pages send visitors to /admin/login', async ({ page }) => {
    for (const path of ['/admin/dashboard', '/admin/new-post', '/admin/edit-post/00000000-0000-4000-8000-000000000000']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/admin\/login$/);
      await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    }
  });

  test('a signed-in non-admin is signed out with "Access denied. Admin privileges required."', async ({ page, consoleErrors }) => {
    // The sign-in answers as for an ordinary user (the server's own role checks are covered by the API tests).
    await adminSessionData(page.request);
    await page.route('**/api/v1/auth/login/second-factor', async (route) => {
      const res = await route.fetch();
      const body = await res.json();
      body.data.user.role = 'user';
      await route.fulfill({ response: res, json: body });
    });
    forgiveFetches(page, consoleErrors, /\/api\/v1\/(subscriptions\/current|auth\/logout|auth\/me|admin\/.*)$/);
    await page.goto('/admin/login');
    await page.getByLabel('Email').fill(E2E_ADMIN.email);
    await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await answerAdminCode(page);
    await expect(page.getByText('Access denied. Admin privileges required.')).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.goto('/admin/dashboard');
    await expect(page).toHaveURL(/\/admin\/login$/);
  });

  test('the blog list pages on the server, 6 a page, with Previous/Next and the page clamped', async ({ page, request }) => {
    const token = await adminToken(request);
    const made: string[] = [];
    for (let i = 1; i <= 6; i++) {
      const res = await request.post('/api/v1/admin/blog/posts', {
        headers: { authorization: `Bearer ${token}` },
        data: { title: `Paging post ${i}`, slug: `paging-post-${i}`, excerpt: 'x'.repeat(200), content: '<p>Paging</p>', status: 'published' },
      });
      expect(res.status()).toBe(201);
      made.push((await res.json()).data.post.id);
    }
    await gotoAndSettle(page, '/blog');
    await expect(page.getByRole('heading', { name: 'Tech Insights' })).toBeVisible();
    await expect(page.getByText('Insights, updates, and stories from the Stealth team')).toBeVisible();
    await expect(page.getByTestId('blog-card')).toHaveCount(6);
    await expect(page.getByTestId('blog-card').first()).toContainText(`${'x'.repeat(150)}...`);
    await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const pager = page.getByRole('navigation', { name: 'Blog pages' });
    await expect(pager.getByRole('link', { name: 'Previous' })).toHaveCount(0);
    await expect(pager.getByText('Previous')).toHaveAttribute('aria-disabled', 'true');
    await pager.getByRole('link', { name: 'Next' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await gotoAndSettle(page, '/blog?page=99');
    await expect(page.getByText(/^Page (\d+) of \1$/)).toBeVisible();
    for (const id of made) await request.delete(`/api/v1/admin/blog/posts/${id}`, { headers: { authorization: `Bearer ${token}` } });
  });

  test('a post body takes its look 100 ms after it is shown; a link that leaves the site opens in a new tab without opener or referrer', async ({ page, request }) => {
    const token = await adminToken(request);
    const slug = `styled-body-${Date.now()}`;
    const res = await request.post('/api/v1/admin/blog/posts', {
      headers: { authorization: `Bearer ${token}` },
      data: {
        title: 'A styled body',
        slug,
        content: '<h2>Styled heading</h2><p>Read <a href="https://example.com/guide">the guide</a> or <a href="/pricing">our prices</a>.</p><ul><li>One</li><li>Two</li></ul>',
        status: 'published',
      },
    });
    expect(res.status()).toBe(201);
    const body = page.getByTestId('post-body');
    const heading = body.getByRole('heading', { name: 'Styled heading' });
    const external = body.getByRole('link', { name: 'the guide' });
    const internal = body.getByRole('link', { name: 'our prices' });
    const list = body.getByRole('list');
    const styles = (locator: typeof body, names: string[]) =>
      locator.evaluate((el, props) => Object.fromEntries(props.map((p) => [p, getComputedStyle(el).getPropertyValue(p)])), names);
    const expectStyled = async () => {
      await expect(body).toHaveCSS('opacity', '1');
      expect(await styles(heading, ['font-size', 'font-weight', 'color'])).toEqual({ 'font-size': '24px', 'font-weight': '600', color: 'rgb(230, 233, 242)' });
      expect(await styles(external, ['color', 'text-decoration-line'])).toEqual({ color: 'rgb(170, 180, 255)', 'text-decoration-line': 'underline' });
      expect(await styles(list, ['list-style-type', 'padding-left'])).toEqual({ 'list-style-type': 'disc', 'padding-left': '24px' });
      expect(await styles(list.getByRole('listitem').first(), ['margin-bottom'])).toEqual({ 'margin-bottom': '8px' });
    };
    const expectLinks = async () => {
      await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(external).toHaveAttribute('target', '_blank');
      await expect(internal).not.toHaveAttribute('rel');
      await expect(internal).not.toHaveAttribute('target');
    };

    // Shown by the browser (reached inside the app): plain and transparent until 100 ms have passed.
    await page.clock.install({ time: new Date('2026-03-02T10:00:00Z') });
    await gotoAndSettle(page, '/privacy-policy');
    await page.clock.pauseAt(new Date('2026-03-02T10:05:00Z'));
    await page.evaluate((to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/blog/${slug}`);
    // The post's data reaches the page through timers of the stopped clock: move it a millisecond at a time.
    await expect(async () => {
      await page.clock.runFor(1);
      await expect(heading).toBeAttached({ timeout: 100 });
    }).toPass();
    await page.clock.runFor(98);
    await expect(body).not.toHaveClass(/\bis-styled\b/);
    await expect(body).toHaveCSS('opacity', '0');
    expect(await styles(heading, ['font-size'])).toEqual({ 'font-size': '16px' });
    expect(await styles(list, ['list-style-type'])).toEqual({ 'list-style-type': 'none' });
    await page.clock.runFor(2);
    await expect(body).toHaveClass(/\bis-styled\b/);
    await expectStyled();
    await expectLinks();

    // Loaded directly, the server sends the body styled and its links marked, and the browser's own pass agrees.
    const html = await (await request.get(`/blog/${slug}`)).text();
    expect(html).toMatch(/data-testid="post-body"[^>]*class="post-body[^"]*\bis-styled\b/);
    expect(html).toContain('<a href="https://example.com/guide" rel="noopener noreferrer" target="_blank">the guide</a>');
    expect(html).toContain('<a href="/pricing">our prices</a>');
    await page.clock.resume();
    await gotoAndSettle(page, `/blog/${slug}`);
    await expect(body).toHaveAttribute('data-styled', 'true');
    await expectStyled();
    await expectLinks();

    await request.delete(`/api/v1/admin/blog/posts/${(await res.json()).data.post.id}`, { headers: { authorization: `Bearer ${token}` } });
  });

  test('sitemap, rss and robots are served at the site root', async ({ request }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await robots.text()).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toContain('/blog/stealth-browser-overview</loc>');
    expect(sitemap).toContain('/contact-us</loc>');
  });
});
