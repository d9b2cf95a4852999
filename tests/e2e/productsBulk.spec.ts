import { expect, test, type Page } from '@playwright/test';
import { format, messages } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { seenByAdmin, signIn } from './helpers';
import { users } from './users';
import { serious } from './axe';

/** The seeded admin as the Swedish Activity page names them to an admin. */
const adaInSwedish = seenByAdmin({ name: 'Ada Admin', email: users.admin.email }, sv);

// Bulk edit of the products list: a filtered list of 1,000 products selected with 'Select all N
// matching', their status set with progress shown, one changed by someone else meanwhile and reported, Undo of the
// whole change; and in Swedish, the loaded page's products changed and undone from the Activity page's one line.
// SKUs start 'AA-' so they sort after the demo catalogue (newest SKU first) and other files' lists stay as they were.
test.describe.configure({ mode: 'serial' });

const stamp = Date.now().toString(36);

// No React or MUI warning, no error in the browser's console on the way (the browser's own line for an answered
// request, such as the signed-out session check's 401 on /signin, is not one).
let noise: string[] = [];
test.beforeEach(({ page }) => {
  noise = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'warning' || msg.type() === 'error') && !msg.text().startsWith('Failed to load resource'))
      noise.push(msg.text());
  });
});
test.afterEach(() => expect(noise).toEqual([]));

interface Listed {
  id: string;
  sku: string;
  version: number;
}

/** Adds `n` products whose names hold `word` through the CSV import, with the demo catalogue's first image. */
async function addProducts(page: Page, word: string, n: number): Promise<void> {
  const origin = new URL(page.url()).origin;
  const some = await page.request.get('/api/products?limit=1');
  const image = ((await some.json()) as { items: { images: string[] }[] }).items[0]!.images[0]!;
  const rows = Array.from({ length: n }, (_, i) => ({
    line: i + 2,
    cells: {
      sku: `AA-${word}-${String(i).padStart(4, '0')}`,
      name: `Runner ${word} ${i}`,
      category: 'Linen',
      mc: 'Linen care',
      price: '99',
      active: 'true',
      details: 'Washed linen',
      images: image,
    },
  }));
  const res = await page.request.post('/api/products/import', { data: { rows, apply: true }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}

/** The products a search finds, as the API lists them (up to 100). */
async function listed(page: Page, word: string, extra = ''): Promise<Listed[]> {
  const res = await page.request.get(`/api/products?limit=100&q=${word}${extra}`);
  return ((await res.json()) as { items: Listed[] }).items;
}

/** Chooses an option of one of the bulk bar's selects. */
async function choose(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test(
  'selects all 1,000 products a search matches, disables them ' +
    'with progress shown, reports a conflict, and undoes the change',
  async ({ page }) => {
    test.setTimeout(180_000);
    const t = messages.bulk;
    const word = `bulk${stamp}`;
    await signIn(page, 'editor');
    await addProducts(page, word, 1000);

    await page.goto('/products/products');
    await page.getByRole('searchbox', { name: messages.products.find }).fill(word);
    const rows = page.getByRole('table', { name: messages.products.title }).locator('tbody tr');
    await expect(rows.first()).toContainText(`AA-${word}-0999`);
    await expect(rows).toHaveCount(10);
    await page.getByRole('checkbox', { name: t.selectPage }).check();
    await expect(page.getByRole('status').filter({ hasText: format(t.selected, { n: 10 }) })).toBeVisible();
    await expect(page.getByRole('checkbox', { name: format(t.select, { sku: `AA-${word}-0995` }) })).toBeChecked();
    await page.getByRole('button', { name: format(t.selectAll, { n: '1,000' }) }).click();
    await expect(page.getByRole('status').filter({ hasText: format(t.selected, { n: '1,000' }) })).toBeVisible();

    // Someone else changes one of them after it was selected.
    const first = (await listed(page, `${word}-0500`))[0]!;
    const origin = new URL(page.url()).origin;
    const edited = await page.request.patch(`/api/products/${first.id}`, {
      data: { price: '98' },
      headers: { origin, 'if-match': `"${first.version}"` },
    });
    expect(edited.status()).toBe(200);

    await choose(page, t.setStatus, messages.products.disabled);
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: format(t.apply, { n: '1,000' }) }).click();
    const dialog = page.getByRole('dialog', { name: format(t.title, { n: '1,000' }) });
    await expect(dialog.getByRole('progressbar')).toBeVisible();
    await expect(dialog.getByRole('status').first()).toHaveText(
      format(t.summary, { changed: 999, unchanged: 0, conflict: 1, refused: 0 }),
      { timeout: 60_000 },
    );
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    await expect(dialog.getByRole('listitem')).toHaveText([`AA-${word}-0500: ${t.conflict}`]);
    expect((await listed(page, word, '&active=true')).map((p) => p.sku)).toEqual([`AA-${word}-0500`]);
    expect(await serious(page)).toEqual([]);

    await dialog.getByRole('button', { name: t.undo }).click();
    await expect(dialog.getByText(format(t.undone, { n: 999 }))).toBeVisible({ timeout: 60_000 });
    await dialog.getByRole('button', { name: t.close }).click();
    await expect(dialog).toBeHidden();
    expect(await listed(page, word, '&active=false')).toEqual([]);
    // The list came back, its selection cleared.
    await expect(rows.first()).toContainText(messages.products.activeTrue);
    await expect(page.getByRole('checkbox', { name: t.selectPage })).not.toBeChecked();
  },
);

test('in Swedish: changes the loaded page’s material care and undoes it from the Activity page’s one line', async ({
  page,
}) => {
  const t = sv.bulk;
  const word = `massa${stamp}`;
  await signIn(page, 'admin');
  await page.getByRole('button', { name: 'Ada Admin' }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  await expect(page.getByRole('heading', { name: sv.dashboard.welcome })).toBeVisible();
  await addProducts(page, word, 12);

  await page.goto('/products/products');
  await page.getByRole('searchbox', { name: sv.products.find }).fill(word);
  const rows = page.getByRole('table', { name: sv.products.title }).locator('tbody tr');
  // The search is sent a moment after typing stops: the list shows its rows first.
  await expect(rows.first()).toContainText(`AA-${word}-0011`);
  await expect(rows).toHaveCount(10);
  await page.getByRole('checkbox', { name: t.selectPage }).check();
  await expect(page.getByRole('button', { name: format(t.selectAll, { n: 12 }) })).toBeVisible();
  await choose(page, t.setMc, 'Cotton care');
  await page.getByRole('button', { name: format(t.apply, { n: 10 }) }).click();
  const dialog = page.getByRole('dialog', { name: format(t.title, { n: 10 }) });
  await expect(dialog.getByRole('status').first()).toHaveText(
    format(t.summary, { changed: 10, unchanged: 0, conflict: 0, refused: 0 }),
  );
  await dialog.getByRole('button', { name: t.close }).click();
  expect((await listed(page, word)).filter((p) => (p as Listed & { mc: string }).mc === 'Cotton care')).toHaveLength(
    10,
  );

  await page.getByRole('menuitem', { name: sv.menu.activity }).click();
  // The batch is one line (a list item of the page's list, holding the entry's own item).
  const line = page.getByRole('listitem').filter({
    hasText: format(t.activityLine, { who: adaInSwedish, n: 10, change: `${sv.products.mc}: Cotton care` }),
  });
  await expect(line).toHaveCount(2);
  // Not ten more lines of each product's own change (from Linen care to Cotton care).
  await expect(page.getByRole('listitem').filter({ hasText: 'Linen care' })).toHaveCount(0);
  await line.last().getByRole('button', { name: sv.history.undo }).click();
  await expect(page.getByText(format(t.undone, { n: 10 }))).toBeVisible();
  await expect(
    page.getByRole('listitem').filter({ hasText: format(t.activityUndo, { who: adaInSwedish, n: 10 }) }),
  ).toHaveCount(2);
  expect((await listed(page, word)).filter((p) => (p as Listed & { mc: string }).mc === 'Cotton care')).toHaveLength(0);
});
