import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

// Staff check a product from the stock room: at 390 px wide no screen may scroll sideways, and the lists become
// simple lists whose rows open the edit page.
test.use({ viewport: { width: 390, height: 844 } });

/** How far the page reaches past the window's width, in CSS pixels (0 when nothing scrolls sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('the lists are simple lists on a phone, and a tap opens the edit page', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/products/products');
  const products = page.getByRole('list', { name: 'Products' });
  await expect(products.getByRole('link').first()).toBeVisible();
  expect(await overflow(page)).toBe(0);
  // The header keeps the person's name and the Admin label; the console's own name gives way (it was 'L…' in Swedish).
  const header = page.getByRole('banner');
  await expect(header.getByText('Admin', { exact: true })).toBeVisible();
  await expect(header.getByText('Linen & Cotton Console')).toBeHidden();
  await page.screenshot({ path: test.info().outputPath('phone-products.png') });
  await products.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/products\/edit-product\//);
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await page.screenshot({ path: test.info().outputPath('phone-edit-product.png') });

  await page.goto('/users/users');
  const users = page.getByRole('list', { name: 'Users' });
  await expect(users.getByRole('link').first()).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await users.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/users\/edit-user\//);
  await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
  expect(await overflow(page)).toBe(0);
});

test('the products bulk bar, a price being changed, does not scroll sideways at 390 px', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/products/products');
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  const bar = page.getByRole('region', { name: 'Select' });
  await bar.getByRole('combobox', { name: 'Set Price' }).click();
  await page.getByRole('option', { name: 'Change to…' }).click();
  // The price's input goes below its select.
  await expect(bar.getByRole('textbox', { name: /^Price/ })).toBeVisible();
  expect(await overflow(page)).toBe(0);
});

for (const path of [
  '/',
  '/products/add-product/',
  '/products/search',
  '/users/search',
  '/settings/account',
  // Sessions with this browser's row; Passkeys as the admin has it, none (accountTables.spec.ts: both with rows).
  '/settings/sessions',
  '/settings/passkeys',
  '/info/changelog',
  '/info/activity',
  '/settings/webhooks',
  '/languages/swedish',
  // The described lists with their filters beside the find box.
  '/careguides',
  '/suppliers',
  '/careguides/add',
  '/careguides/import',
]) {
  test(`${path} does not scroll sideways at 390 px`, async ({ page }) => {
    await signIn(page, 'admin');
    await page.goto(path);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflow(page)).toBe(0);
  });
}
