import { expect, test } from '@playwright/test';
import { ADA, signIn, typeDay } from './helpers';
import { serious } from './axe';

// The change history as staff see it: a price changed, its entry in the product's History panel, undone from there;
// then the admin's Activity page, filtered.
test.describe.configure({ mode: 'serial' });

/** Serious or critical axe findings on the page as it is (as tests/e2e/a11y.spec.ts checks every other screen). */
test('a price change shows in the History panel and is undone from there', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/products/products');
  await page
    .getByRole('link', { name: /^EDIT / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  const price = page.getByRole('textbox', { name: 'Price' });
  const before = await price.inputValue();
  const after = `${Date.now() % 1000} kr`;
  await price.fill(after);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();

  const panel = page.getByRole('region', { name: 'History' });
  const entry = panel.getByRole('listitem').first();
  await expect(entry).toContainText(`${ADA} changed Price from ${before} to ${after}`);
  await expect(entry.locator('time')).toHaveText(/^(now|\d+ seconds? ago)$/);
  await expect(entry.locator('time')).toHaveAttribute('title', /\d{4}/);

  await entry.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Change undone')).toBeVisible();
  await expect(price).toHaveValue(before);
  await expect(panel.getByRole('listitem').first()).toContainText(`${ADA} changed Price from ${after} to ${before}`);
  expect(await serious(page)).toEqual([]);
});

test('an admin opens Activity under Info and filters it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByRole('menuitem', { name: 'Activity' }).click();
  await expect(page).toHaveURL(/\/info\/activity$/);
  await expect(page.getByRole('heading', { name: 'Activity' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Activity' });
  await expect(list.getByText(`${ADA} changed Price from`, { exact: false }).first()).toBeVisible();

  await page.getByRole('combobox', { name: 'Kind of record' }).click();
  await page.getByRole('option', { name: 'Language' }).click();
  await expect(list.getByText(/changed Price/)).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Kind of record' }).click();
  await page.getByRole('option', { name: 'Product' }).click();
  const today = new Date().toISOString().slice(0, 10);
  await typeDay(page, 'From', today);
  await typeDay(page, 'To', today);
  await expect(list.getByText(`${ADA} changed Price from`, { exact: false }).first()).toBeVisible();
  await typeDay(page, 'From', '2001-01-01');
  await typeDay(page, 'To', '2001-01-02');
  await expect(page.getByText('No changes match.')).toBeVisible();
  await typeDay(page, 'From', '');
  await typeDay(page, 'To', '');
  await expect(list.getByText(`${ADA} changed Price from`, { exact: false }).first()).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

test("a language save shows in the editor's History panel at once, without a reload", async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/languages/english');
  const input = page.getByRole('textbox', { name: /^checkout/ });
  const text = `Checkout ${Date.now() % 100000}`;
  await input.fill(text);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  const panel = page.getByRole('region', { name: 'History' });
  await expect(panel.getByRole('listitem').first()).toContainText(text);
});
