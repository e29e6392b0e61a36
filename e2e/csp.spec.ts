import type { Page } from '@playwright/test';
import { adminSignIn, expect, gotoAndSettle, test } from './fixtures';

/**
 * Every CSP violation the page reports (the `securitypolicyviolation` event, in the page and in its same-origin
 * frames), as "directive blocked-uri source:line".
 */
async function recordViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('__cspViolation', (text: string) => void seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __cspViolation: (t: string) => void }).__cspViolation(
        `${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
      );
    });
  });
  return seen;
}

/** CSP reports Chromium writes to the console ("Refused to apply inline style …"). */
const cspConsole = (errors: string[]) => errors.filter((e) => /Content Security Policy/i.test(e));

test.describe('the CSP allows no inline styles, and the site needs none', () => {
  test('no violation on the landing page, a blog post, the admin editor with its preview, the dashboard and the API docs', async ({ page, consoleErrors }) => {
    const violations = await recordViolations(page);

    await gotoAndSettle(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await gotoAndSettle(page, '/blog/ten-keyboard-shortcuts');
    const body = page.getByTestId('post-body');
    await expect(body).toHaveAttribute('data-styled', 'true');
    // The post's look comes from the stylesheet: a heading, a table cell and inline code are styled.
    expect(await body.getByRole('heading', { name: 'A tip for interviews' }).evaluate((el) => getComputedStyle(el).fontSize)).toBe('24px');
    expect(
      await body
        .locator('td')
        .first()
        .evaluate((el) => getComputedStyle(el).paddingLeft),
    ).toBe('16px');
    expect(
      await body
        .locator('code')
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
    ).toMatch(/mono/i);

    await adminSignIn(page);
    await page.getByRole('link', { name: 'New Post' }).click();
    await expect(page).toHaveURL(/\/admin\/new-post$/);
    // A body an admin pastes with inline styles: they are dropped, never applied nor reported.
    await page
      .getByLabel('HTML content')
      .fill('<h2 style="color:red">Styled</h2><p style="font-size:40px">Text</p><style>body{display:none}</style><table><tr><td>Cell</td></tr></table>');
    await page.getByRole('button', { name: 'Show Preview' }).click();
    const preview = page.getByLabel('Preview');
    await expect(preview.getByRole('heading', { name: 'Styled' })).toBeVisible();
    expect(await preview.innerHTML()).not.toMatch(/style=|<style/i);

    await gotoAndSettle(page, '/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await gotoAndSettle(page, '/api/docs');
    await expect(page.locator('#swagger-ui .information-container')).toBeVisible();
    await expect(page.locator('#swagger-ui .opblock').first()).toBeVisible();
    await page.locator('#swagger-ui .opblock-summary').first().click();
    await expect(page.locator('#swagger-ui .opblock-body').first()).toBeVisible();

    expect(violations).toEqual([]);
    expect(cspConsole(consoleErrors)).toEqual([]);
  });

  test('the browser refuses a <style> element and a style attribute written into the page', async ({ page }) => {
    const violations = await recordViolations(page);
    await gotoAndSettle(page, '/');
    const applied = await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.id = 'csp-probe';
      document.body.append(probe);
      const style = document.createElement('style');
      style.textContent = '#csp-probe{outline-style:solid}';
      document.head.append(style);
      const attr = document.createElement('div');
      document.body.append(attr);
      attr.setAttribute('style', 'outline-style:solid');
      return [getComputedStyle(probe).outlineStyle, getComputedStyle(attr).outlineStyle];
    });
    expect(applied).toEqual(['none', 'none']);
    await expect.poll(() => violations.map((v) => v.split(' ')[0]).sort()).toEqual(['style-src-attr', 'style-src-elem']);
  });
});
