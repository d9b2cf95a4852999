import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Papa from 'papaparse';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';
import { PRODUCT_CSV_COLUMNS } from '../../domain/productImport';

// The products list out to a spreadsheet and back: export under a filter, change a price and add a row, import with a
// preview, apply. Named to run after products.spec.ts, whose paging test counts the demo catalogue.
test.describe.configure({ mode: 'serial' });

let dir = '';
test.beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'csv-e2e-'));
});
test.afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stamp = Date.now().toString(36).toUpperCase();

/** Clicks Export and answers the saved file's bytes. */
async function exportFile(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const d = await download;
  const path = join(dir, d.suggestedFilename());
  await d.saveAs(path);
  return { name: d.suggestedFilename(), bytes: readFileSync(path) };
}

test(
  'exports the filtered products list, then imports a changed ' +
    'price and Swedish name and a new product after a preview',
  async ({ page }) => {
    await signIn(page, 'editor');
    await page.goto('/products/products');
    await page.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option', { name: 'Cotton' }).click();
    await expect(page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1)).toContainText('Cotton');

    const file = await exportFile(page);
    expect(file.name).toMatch(/^products-\d{4}-\d{2}-\d{2}\.csv$/);
    expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = Papa.parse<Record<string, string>>(file.bytes.toString('utf8').slice(1), {
      header: true,
      skipEmptyLines: true,
    });
    // The description's columns: the specification's first, any field added after them, the Swedish texts last.
    expect(parsed.meta.fields).toEqual(PRODUCT_CSV_COLUMNS);
    expect(parsed.meta.fields!.slice(0, 8)).toEqual([
      'sku',
      'name',
      'category',
      'mc',
      'price',
      'active',
      'details',
      'images',
    ]);
    expect(parsed.meta.fields!.slice(-2)).toEqual(['name_se', 'details_se']);
    expect(parsed.data.length).toBeGreaterThan(10);
    expect(new Set(parsed.data.map((r) => r.category))).toEqual(new Set(['Cotton']));

    // In the spreadsheet: a new price and Swedish name for the first row, and a new product using its images.
    const first = parsed.data[0]!;
    const firstSku = first.sku!;
    const changed = parsed.data.map((r) => (r === first ? { ...r, price: '1 SEK', name_se: `Handduk ${stamp}` } : r));
    const added = { ...first, sku: `CSV-${stamp}`, name: `Imported åäö ${stamp}`, price: '42 SEK' };
    const csvPath = join(dir, 'changed.csv');
    writeFileSync(csvPath, `\uFEFF${Papa.unparse([...changed, added])}`);

    await page.getByRole('link', { name: 'Import' }).click();
    await expect(page.getByRole('heading', { name: 'Import products' })).toBeVisible();
    await page.getByLabel('Choose a CSV file').setInputFiles(csvPath);
    await expect(page.getByText(`1 new, 1 changed, ${parsed.data.length - 1} unchanged, 0 with errors`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(firstSku) })).toContainText('Changes Price, Swedish name');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.getByText('Imported: 1 new, 1 changed')).toBeVisible();
    await expect(page).toHaveURL(/\/products\/products$/);

    await page.getByRole('searchbox', { name: 'Find by name or SKU' }).fill(`CSV-${stamp}`);
    const row = page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1);
    await expect(row).toContainText(`Imported åäö ${stamp}`);
    await expect(row).toContainText('42 SEK');
    // Found by the Swedish name the file gave it.
    await page.getByRole('searchbox', { name: 'Find by name or SKU' }).fill(`Handduk ${stamp}`);
    const firstRow = page.getByRole('table', { name: 'Products' }).getByRole('row').nth(1);
    await expect(firstRow).toContainText(firstSku);
    await expect(firstRow).toContainText('1 SEK');
  },
);

test('shows the rows with errors and applies nothing until the file is fixed', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto('/products/import');
  const bad = join(dir, 'bad.csv');
  writeFileSync(bad, `sku,name,category,mc,price,active,details\nBAD-${stamp},Towel,Silk,Linen care,10,maybe,Soft\n`);
  await page.getByLabel('Choose a CSV file').setInputFiles(bad);
  await expect(page.getByText('0 new, 0 changed, 0 unchanged, 1 with errors')).toBeVisible();
  await expect(page.getByText('Category: Choose Cotton or Linen')).toBeVisible();
  await expect(page.getByText('Active: Active must be true or false')).toBeVisible();
  await expect(page.getByText('Images: Must add an image')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Apply' })).toBeDisabled();
});

test('an admin exports the users list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/users/users');
  const file = await exportFile(page);
  const parsed = Papa.parse<Record<string, string>>(file.bytes.toString('utf8').slice(1), {
    header: true,
    skipEmptyLines: true,
  });
  expect(parsed.meta.fields).toEqual([
    'uid',
    'firstName',
    'lastName',
    'email',
    'userType',
    'active',
    'isEditor',
    'isAdmin',
    'created',
    'updated',
  ]);
  expect(parsed.data.find((u) => u.email === 'editor@example.com')).toMatchObject({
    firstName: 'Eda',
    isEditor: 'true',
    isAdmin: 'false',
  });
});
