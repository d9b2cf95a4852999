import { expect, test } from '@playwright/test';
import { sv } from '../../domain/messages.sv';
import { signIn } from './helpers';

// The shop's staff are Swedish: the main screens, walked in Swedish after choosing it in the user menu.
test('the main screens in Swedish, chosen in the user menu and remembered across a reload and a sign-out', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Ada Admin' }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();

  await expect(page.getByRole('heading', { name: sv.dashboard.welcome })).toBeVisible();
  await expect(page.getByText(sv.dashboard.hint)).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv');
  await page.screenshot({ path: test.info().outputPath('sv-dashboard.png') });

  await page.getByRole('menuitem', { name: sv.menu.productsList, exact: true }).click();
  await expect(page.getByRole('heading', { name: sv.products.title })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: sv.products.sku })).toBeVisible();
  await expect(page.getByRole('button', { name: sv.common.more })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sv-products.png') });

  await page.getByRole('menuitem', { name: sv.menu.addProduct }).click();
  await expect(page.getByRole('heading', { name: sv.products.addTitle })).toBeVisible();
  // A refused save shows the Swedish 'Required' under the fields, and the form says the images are missing.
  await page.getByRole('button', { name: sv.products.save }).click();
  await expect(page.getByText(sv.common.required).first()).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sv-add-product.png') });

  await page.getByRole('menuitem', { name: sv.menu.usersList, exact: true }).click();
  await expect(page.getByRole('heading', { name: sv.users.title })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: sv.users.userType })).toBeVisible();

  await page.getByRole('menuitem', { name: sv.menu.swedish }).click();
  await expect(page.getByRole('heading', { name: sv.languages.swedish })).toBeVisible();
  await expect(page.getByRole('button', { name: sv.languages.save })).toBeVisible();

  await page.getByRole('menuitem', { name: sv.menu.myAccount }).click();
  await expect(page.getByRole('heading', { name: sv.account.pageTitle })).toBeVisible();
  await expect(page.getByLabel(sv.account.firstName)).toBeVisible();

  // The server answers in Swedish too: a search with no hit gives the Swedish toast.
  await page.goto('/products/search');
  await expect(page.getByRole('heading', { name: sv.products.searchTitle })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: sv.products.searchTitle })).toBeVisible();
  await page.getByLabel(sv.products.searchField).fill('NO-SUCH-SKU-123');
  await page.getByRole('button', { name: sv.common.search }).click();
  await expect(page.getByText(sv.common.noResultFor.replace('%{value}', 'NO-SUCH-SKU-123'))).toBeVisible();

  await page.getByRole('button', { name: 'Ada Admin' }).click();
  await page.getByRole('menuitem', { name: sv.header.signOut }).click();
  await page.goto('/signin');
  await expect(page.getByRole('heading', { name: sv.signin.title })).toBeVisible();
  await expect(page.getByRole('button', { name: sv.signin.submit, exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('sv-signin.png') });
});
