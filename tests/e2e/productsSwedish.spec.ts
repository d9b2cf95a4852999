import { expect, test, type Locator, type Page } from '@playwright/test';
import { format, messages, type Catalogue } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { imageFolder, signIn, type ImageFolder } from './helpers';

// A product's Swedish name and details: written on Add Product, shown unmarked in the list, one cleared on Edit, then
// marked and found by the 'Swedish missing' filter; the Swedish UI labels the fields in Swedish.
test.describe.configure({ mode: 'serial' });

let images: ImageFolder;
const photo = (): string => images.path('runner.jpg');
const sku = `SV-${Date.now().toString(36).toUpperCase()}`;
// The mark on a product missing its Swedish details; any product missing some Swedish text carries one ending so.
const mark = 'Swedish details missing';
const anyMark = / missing$/;

test.beforeAll(async () => {
  images = await imageFolder('products-sv-e2e', { 'runner.jpg': [150, 120, 80] });
});

test.afterAll(() => images.remove());

test.beforeEach(async ({ page }) => {
  await signIn(page, 'editor');
});

/** The products list narrowed to what `text` finds, and the one row it must show (the list in the UI's language). */
async function findRow(page: Page, text: string, m: Catalogue = messages): Promise<Locator> {
  await page.goto('/products/products');
  await page.getByRole('searchbox', { name: m.products.find }).fill(text);
  const rows = page.getByRole('table', { name: m.products.title }).locator('tbody tr');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(sku);
  return rows.first();
}

test('adds a product with its Swedish texts, clears the Swedish details, and the list marks and filters it', async ({
  page,
}) => {
  await page.goto('/products/add-product/');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  const swedish = page.getByRole('group', { name: 'Swedish' });
  await expect(swedish).toContainText('Optional: where it is empty, the shop shows the English text.');
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('textbox', { name: 'Price' }).fill('320 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Rust linen runner');
  await page.getByRole('textbox', { name: /^Details/ }).fill('A table runner in washed linen.');
  await swedish.getByRole('textbox', { name: 'Swedish name' }).fill('Rostfärgad linnelöpare');
  await swedish.getByRole('textbox', { name: 'Swedish details' }).fill('  En bordslöpare i tvättat linne.  ');
  await page.getByLabel('Choose image 1').setInputFiles(photo());
  await expect(page.getByRole('group', { name: 'Image 1', exact: true }).getByRole('status')).toHaveText('Uploaded', {
    timeout: 30_000,
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  const editUrl = page.url();
  await expect(page.getByRole('textbox', { name: 'Swedish name' })).toHaveValue('Rostfärgad linnelöpare');
  await expect(page.getByRole('textbox', { name: 'Swedish details' })).toHaveValue('En bordslöpare i tvättat linne.');

  // Complete in Swedish: no mark. The search finds it by its Swedish name too.
  let row = await findRow(page, 'linnelöpare');
  await expect(row.getByRole('img', { name: anyMark })).toHaveCount(0);

  await page.goto(editUrl);
  await page.getByRole('textbox', { name: 'Swedish details' }).clear();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Swedish name' })).toHaveValue('Rostfärgad linnelöpare');
  await expect(page.getByRole('textbox', { name: 'Swedish details' })).toHaveValue('');

  row = await findRow(page, sku);
  const marked = row.getByRole('img', { name: mark });
  await expect(marked).toBeVisible();
  await marked.hover();
  await expect(page.getByRole('tooltip')).toHaveText(mark);

  // The filter asks the server for missing=se; the product is among what it answers, and stays when it is cleared.
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/products?') && new URL(r.url()).searchParams.get('missing') === 'se',
  );
  await page.getByRole('checkbox', { name: 'Swedish missing' }).check();
  await asked;
  await expect(page.getByRole('table', { name: 'Products' }).locator('tbody tr')).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Find by name or SKU' }).fill('');
  const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
  await expect(rows.first()).toBeVisible();
  // Every row the filter shows carries the mark.
  await expect
    .poll(async () => (await rows.count()) === (await rows.getByRole('img', { name: anyMark }).count()))
    .toBe(true);
});

test('the Swedish UI labels the Swedish fields and the filter in Swedish', async ({ page }) => {
  await page.getByRole('button', { name: 'Eda Editor' }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  const row = await findRow(page, sku, sv);
  await expect(
    row.getByRole('img', { name: format(sv.products.missingOne.details, { language: sv.products.languageNames.se }) }),
  ).toBeVisible();
  await expect(
    page.getByRole('checkbox', { name: format(sv.products.missing, { language: sv.products.languageNames.se }) }),
  ).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: sv.products.editTitle })).toBeVisible();
  await expect(page.getByRole('group', { name: sv.products.languageTitles.en })).toBeVisible();
  const swedish = page.getByRole('group', { name: sv.products.languageTitles.se });
  await expect(swedish.getByRole('textbox', { name: 'Namn på svenska' })).toHaveValue('Rostfärgad linnelöpare');
  await expect(swedish.getByRole('textbox', { name: 'Detaljer på svenska' })).toHaveValue('');
  await expect(swedish).toContainText(sv.products.translationOptional);
});
