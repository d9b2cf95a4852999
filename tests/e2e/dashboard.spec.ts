import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// The dashboard on the demo catalogue: each figure a link to the products list showing exactly its rows, and at
// 390 px nothing scrolls sideways.
test.use({ viewport: { width: 390, height: 844 } });

const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** How many rows a phone list shows once 'More' has brought every page. */
async function rowsOf(page: Page, list: string): Promise<number> {
  const rows = page.getByRole('list', { name: list }).getByRole('link');
  await expect(rows.first()).toBeVisible();
  const more = page.getByRole('button', { name: 'More' });
  while (await more.isVisible()) {
    const before = await rows.count();
    await more.click();
    await expect.poll(() => rows.count()).toBeGreaterThan(before);
  }
  return rows.count();
}

test("an admin's dashboard shows both cards at 390 px, and a figure opens the list of its rows", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/');
  const catalogue = page.getByRole('region', { name: 'Products at a glance' });
  await expect(catalogue).toBeVisible();
  await expect(page.getByRole('region', { name: 'Staff at a glance' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('dashboard-admin-390.png'), fullPage: true });
  const figure = catalogue.getByRole('link', { name: /Cotton$/ });
  const count = Number((await figure.textContent())?.match(/^\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await figure.click();
  await expect(page).toHaveURL(/\/products\/products\?category=Cotton$/);
  // The list pages at 10 with 'More': read them all.
  expect(await rowsOf(page, 'Products')).toBe(count);
});

test("an admin's staff figure opens the users list narrowed to exactly those accounts", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/');
  const staff = page.getByRole('region', { name: 'Staff at a glance' });
  const figure = staff.getByRole('link', { name: /Admins$/ });
  const count = Number((await figure.textContent())?.match(/^\d+/)?.[0]);
  expect(count).toBeGreaterThan(0);
  await figure.click();
  await expect(page).toHaveURL(/\/users\/users\?show=admins$/);
  await expect(page.getByText('Showing only: Admins.')).toBeVisible();
  expect(await rowsOf(page, 'Users')).toBe(count);
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('users-admins-390.png'), fullPage: true });
  await page.getByRole('link', { name: 'Show all users' }).click();
  await expect(page).toHaveURL(/\/users\/users$/);
  await expect(page.getByText('Showing only: Admins.')).toHaveCount(0);
});
