import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The lists (products, users; every list is the same ResourceList) at the widths staff use: a table wider than the
// room the sidebar leaves it scrolls inside its own card, and the page never scrolls sideways (a phone on its side,
// a tablet).

/** How far the page reaches past the window's width, in CSS pixels (0 when nothing scrolls sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const WIDTHS = [1280, 1100, 1024, 932, 844, 744, 667, 600];

test('the products and users lists never make the page scroll sideways, from 1280 px down to 320', async ({ page }) => {
  await signIn(page, 'admin');
  const seen: string[] = [];
  for (const [path, table] of [
    ['/products/products', 'Products'],
    ['/users/users', 'Users'],
  ] as const) {
    for (const width of [...WIDTHS, 390, 320]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(path);
      // A table, or on a phone the simple list, with its first row shown.
      await expect(page.getByRole('table', { name: table }).or(page.getByRole('list', { name: table }))).toBeVisible();
      await page.waitForLoadState('networkidle');
      const sideways = await overflow(page);
      if (sideways > 0) seen.push(`${path} at ${width}: ${sideways} px`);
    }
  }
  expect(seen).toEqual([]);
});
