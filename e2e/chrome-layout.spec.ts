import type { Page } from '@playwright/test';
import { adminSignIn, expect, signedIn, signIn, test, verifiedUser } from './fixtures';

/**
 * What a person sees of the site's frame in every language: the top bar on one line from 1024 px (the menu below),
 * the footer's bottom row without an item broken over two lines, the plan cards' prices at one height, the admin
 * sections all in sight on a phone.
 */

const LOCALES = [
  { locale: 'en', home: '/' },
  { locale: 'hi', home: '/hi' },
  { locale: 'es', home: '/es' },
  { locale: 'fr', home: '/fr' },
] as const;
const WIDE = [1024, 1280, 1440];
const FOOTER_ROW = '[data-testid=footer] > div:last-child > div';
/** A card's price line: the amount (the bold figure) and its interval. */
const PRICE = 'p:has(> span.font-bold)';

/**
 * Runs in the page: the problems of a row of items (none when it is right). An item "wraps" when its text takes more
 * than one line box; the row is "one line" when every item's vertical middle is the first one's; no item leaves the
 * screen or overlaps the next.
 */
function rowProblems(items: Element[], { sameLine }: { sameLine: boolean }): string[] {
  const lines = (el: Element) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    // Boxes that overlap vertically share a line; a box starting below the line's bottom begins the next one.
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).sort((a, b) => a.top - b.top);
    let count = 0;
    let bottom = -Infinity;
    for (const r of rects) {
      if (r.top >= bottom - 2) {
        count++;
        bottom = r.bottom;
      } else bottom = Math.max(bottom, r.bottom);
    }
    return count;
  };
  const name = (el: Element) => (el.textContent ?? '').trim().slice(0, 30) || el.tagName;
  const problems: string[] = [];
  const shown = items.filter((el) => el.checkVisibility());
  const boxes = shown.map((el) => ({ el, box: el.getBoundingClientRect() }));
  for (const { el, box } of boxes) {
    if (el.tagName !== 'SELECT' && lines(el) > 1) problems.push(`"${name(el)}" wraps onto ${lines(el)} lines`);
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) problems.push(`"${name(el)}" leaves the screen`);
  }
  if (sameLine && boxes.length > 0) {
    const middle = (b: DOMRect) => b.top + b.height / 2;
    for (const { el, box } of boxes) if (Math.abs(middle(box) - middle(boxes[0].box)) > 2) problems.push(`"${name(el)}" is not on the bar's line`);
    const byLeft = [...boxes].sort((a, b) => a.box.left - b.box.left);
    for (let i = 1; i < byLeft.length; i++) if (byLeft[i].box.left < byLeft[i - 1].box.right - 0.5) problems.push(`"${name(byLeft[i].el)}" overlaps "${name(byLeft[i - 1].el)}"`);
  }
  return problems;
}

async function topBarProblems(page: Page): Promise<string[]> {
  return page.evaluate(`(${rowProblems.toString()})(
    [...document.querySelectorAll('[data-testid=top-nav] nav[aria-label=Main] :is(a, button, select)')],
    { sameLine: true },
  ).concat((() => {
    const nav = document.querySelector('[data-testid=top-nav] nav[aria-label=Main]');
    return nav.scrollWidth > nav.clientWidth ? ['the bar is wider than its room'] : [];
  })())`);
}

async function checkTopBar(page: Page, signedIn: boolean) {
  const bar = page.getByTestId('top-nav');
  const problems: string[] = [];
  for (const { locale, home } of LOCALES) {
    // The page arrives at the widest width, then the window narrows through the others (a page each time cost the
    // test a minute on CI and proved nothing more: the bar's layout is CSS, and it follows the window).
    await page.setViewportSize({ width: WIDE.at(-1)!, height: 800 });
    await page.goto(home);
    for (const width of [...WIDE].reverse()) {
      await page.setViewportSize({ width, height: 800 });
      await expect(bar.getByRole('link', { name: signedIn ? /Dashboard|डैशबोर्ड|Panel|Tableau de bord/ : /Blog|ब्लॉग/ }).first()).toBeVisible();
      await expect(bar.locator('button[aria-controls=mobile-menu]')).toBeHidden();
      for (const p of await topBarProblems(page)) problems.push(`${locale} ${signedIn ? 'signed in' : 'signed out'} ${width}px: ${p}`);
    }
    // Below 1024 px the bar is the logo and the menu button.
    for (const width of [1023, 390]) {
      await page.setViewportSize({ width, height: 800 });
      await expect(bar.locator('button[aria-controls=mobile-menu]'), `${locale} ${width}px`).toBeVisible();
      await expect(bar.locator('nav[aria-label=Main] a[href*="#pricing"]'), `${locale} ${width}px`).toBeHidden();
      for (const p of await topBarProblems(page)) problems.push(`${locale} ${signedIn ? 'signed in' : 'signed out'} ${width}px: ${p}`);
    }
  }
  expect(problems).toEqual([]);
}

test.describe('the top bar', () => {
  test('signed out: every item on one line, none wrapped, in en/hi/es/fr at 1024, 1280 and 1440 px; the menu below 1024 px', async ({ page, consoleErrors: _consoleErrors }) => {
    await checkTopBar(page, false);
  });

  test('signed in: every item on one line, none wrapped, in en/hi/es/fr at 1024, 1280 and 1440 px; the menu below 1024 px', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = await verifiedUser(page);
    await page.setViewportSize({ width: 1440, height: 800 });
    await signIn(page, email);
    await checkTopBar(page, true);
  });
});

test('the footer bottom row: copyright, languages, status and credit each on one line, in en/hi/es/fr at 1024, 1280 and 1440 px', async ({
  page,
  consoleErrors: _consoleErrors,
}) => {
  const problems: string[] = [];
  for (const { locale, home } of LOCALES) {
    await page.setViewportSize({ width: WIDE.at(-1)!, height: 800 });
    await page.goto(home);
    for (const width of [...WIDE].reverse()) {
      await page.setViewportSize({ width, height: 800 });
      // The row as it was before it had a test id of its own, so that this test also judged the old footer.
      await page.locator(FOOTER_ROW).scrollIntoViewIfNeeded();
      const found: string[] = await page.evaluate(`(() => {
        const row = document.querySelector('${FOOTER_ROW}');
        return (${rowProblems.toString()})([...row.children], { sameLine: false })
          .concat([...row.children].some((c) => c.getBoundingClientRect().right > row.getBoundingClientRect().right + 0.5) ? ['an item leaves the row'] : []);
      })()`);
      for (const p of found) problems.push(`${locale} ${width}px: ${p}`);
    }
  }
  expect(problems).toEqual([]);
  // On a phone the row stacks, and nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto('/fr');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

/** Runs in the page: the plan cards' names or price lines that break, and the rows that are not at one height. */
async function cardProblems(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const cards = [...document.querySelectorAll('[data-testid=plan-card]')];
    const problems = (${rowProblems.toString()})(cards.flatMap((c) => [c.querySelector('h3'), c.querySelector('${PRICE}')]), { sameLine: false });
    const at = (sel) => cards.map((c) => Math.round(c.querySelector(sel).getBoundingClientRect().top - c.getBoundingClientRect().top));
    for (const [what, sel] of [['prices', '${PRICE}'], ['feature lists', 'ul'], ['buttons', 'button']]) {
      const tops = at(sel);
      if (Math.max(...tops) - Math.min(...tops) > 1) problems.push(what + ' at different heights: ' + tops.join(', '));
    }
    return problems;
  })()`);
}

test.describe('plan cards', () => {
  test('names and price lines stay on one line and every price, feature list and button sits at one height, in en/hi/es/fr at 1024, 1280 and 1440 px', async ({
    page,
    consoleErrors: _consoleErrors,
  }) => {
    const problems: string[] = [];
    for (const { locale, home } of LOCALES) {
      await page.setViewportSize({ width: WIDE.at(-1)!, height: 900 });
      await page.goto(home);
      for (const width of [...WIDE].reverse()) {
        await page.setViewportSize({ width, height: 900 });
        const cards = page.getByTestId('plan-card');
        await cards.first().scrollIntoViewIfNeeded();
        await expect(cards).toHaveCount(3);
        const found = await cardProblems(page);
        for (const p of found) problems.push(`${locale} ${width}px: ${p}`);
      }
    }
    expect(problems).toEqual([]);
  });

  test('on the billing page, beside the account menu, the names and prices stay on one line and at one height (1440 px)', async ({ page, consoleErrors: _consoleErrors }) => {
    const email = await verifiedUser(page);
    await page.setViewportSize({ width: 1440, height: 900 });
    await signedIn(page, email, '/billing');
    await expect(page.getByTestId('plan-card')).toHaveCount(3);
    expect(await cardProblems(page)).toEqual([]);
  });

  test('Monthly lists the week, month and lifetime plans; Yearly the yearly and lifetime plans, never the weekly one', async ({ page, consoleErrors: _consoleErrors }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/');
    const pricing = page.locator('#pricing');
    await pricing.scrollIntoViewIfNeeded();
    const names = pricing.getByTestId('plan-card').getByRole('heading');
    await expect(names).toHaveText(['Stealth Week', 'Stealth Month', 'Stealth Pro (Lifetime)']);
    await pricing.getByRole('radio', { name: 'Yearly' }).click();
    await expect(names).toHaveText(['Stealth Year', 'Stealth Pro (Lifetime)']);
    await expect(pricing.getByTestId('plan-card').first()).toContainText('/ year');
    await pricing.getByRole('radio', { name: 'Monthly' }).click();
    await expect(names).toHaveText(['Stealth Week', 'Stealth Month', 'Stealth Pro (Lifetime)']);
  });
});

test('the admin sections are all in sight on a 390 px phone, none scrolled out of view', async ({ page, consoleErrors: _consoleErrors }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await adminSignIn(page);
  const nav = page.getByRole('navigation', { name: 'Admin' });
  for (const name of ['Overview', 'Blog Management', 'Messages', 'Customers', 'Audit log']) {
    const box = await nav.getByRole('link', { name }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  }
  expect(await nav.evaluate((el) => el.scrollWidth - el.clientWidth)).toBe(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
