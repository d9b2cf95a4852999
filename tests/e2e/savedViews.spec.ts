import { expect, test } from '@playwright/test';
import { signIn } from './helpers';

// A saved view of the products list: saved from the list, listed under Products in the sidebar, opened from there
// with its filters, kept on the server (another browser sees a shared one), removed from the list.
test('saves the list’s filters as a view, opens it from the sidebar, shares it, and removes it', async ({
  page,
  browser,
}) => {
  await signIn(page, 'editor');
  await page.goto('/products/products');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Linen' }).click();
  // The choice's menu fades out before the page takes clicks again.
  await expect(page.getByRole('listbox')).toBeHidden();
  await page.getByRole('checkbox', { name: /Swedish missing/ }).check();
  await expect(page).toHaveURL(/category=Linen/);
  await expect(page).toHaveURL(/missing=se/);
  const name = `Linen to translate ${Date.now()}`;
  await page.getByRole('button', { name: 'Save view' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('checkbox', { name: 'Share with all staff' }).check();
  await dialog.getByRole('button', { name: 'Save view' }).click();
  await expect(page.getByText('View saved')).toBeVisible();
  const link = page.getByRole('menuitem', { name });
  await expect(link).toBeVisible();

  // From another list, the sidebar link brings the filters back.
  await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(page).not.toHaveURL(/category=/);
  await link.click();
  await expect(page).toHaveURL(/category=Linen/);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Linen');
  await expect(page.getByRole('checkbox', { name: /Swedish missing/ })).toBeChecked();

  // Shared: another editor's sidebar has it too.
  const other = await browser.newPage();
  await signIn(other, 'admin');
  await expect(other.getByRole('menuitem', { name })).toBeVisible();
  await other.close();

  await page.getByRole('button', { name: 'Remove view' }).click();
  await expect(page.getByText('View removed')).toBeVisible();
  await expect(page.getByRole('menuitem', { name })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save view' })).toBeVisible();
});
