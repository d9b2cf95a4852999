import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PASSWORD, users } from './users';
import { createProducts, imageFolder, type ImageFolder } from './helpers';

// One story through the products screens, on data each test makes itself.
test.describe.configure({ mode: 'serial' });

let images: ImageFolder;
const file = (name: string): string => images.path(name);
const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;

test.beforeAll(async () => {
  images = await imageFolder('products-e2e', {
    'first.jpg': [190, 90, 60],
    'second.png': [70, 110, 190],
    'third.png': [90, 160, 90],
  });
  // About 8 MB of noise that PNG cannot shrink: a resumable upload in several growing chunks.
  const side = 1650;
  const noise = randomBytes(side * side * 3);
  writeFileSync(
    file('large.png'),
    await sharp(noise, { raw: { width: side, height: side, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer(),
  );
});

test.afterAll(() => images.remove());

async function signInAsEditor(page: Page): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(users.editor.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Please use the sidebar to navigate')).toBeVisible();
}

const slot = (page: Page, n: number): Locator => page.getByRole('group', { name: `Image ${n}`, exact: true });
const bodyRows = (page: Page): Locator => page.getByRole('table', { name: 'Products' }).locator('tbody tr');

/** Chooses a file in a slot and waits until the server has stored it. */
async function upload(page: Page, n: number, name: string): Promise<void> {
  await slot(page, n)
    .getByLabel(new RegExp(`^(Choose|Replace) image ${n}$`))
    .setInputFiles(file(name));
  await expect(slot(page, n).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
}

/** Whether the slot's picture is an image the browser loaded (not the placeholder). */
async function shows(page: Page, n: number): Promise<string> {
  const img = slot(page, n).getByRole('img', { name: `Image ${n}` });
  await expect(img).toHaveJSProperty('complete', true);
  expect(await img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBeGreaterThan(0);
  const src = (await img.getAttribute('src')) ?? '';
  expect(src).toMatch(/^\/files\/Uploads\/.+\.thumb\.webp$/);
  return src;
}

test.beforeEach(async ({ page }) => {
  await signInAsEditor(page);
});

test("pages through a search's matches with 'More' until it disappears", async ({ page, baseURL }) => {
  // Its own 25 products, whose names share a word no other product has: three pages of 10, 10 and 5.
  const prefix = `PG${Date.now().toString(36).toUpperCase()}`;
  const word = `pager${Date.now().toString(36)}`;
  await createProducts(
    baseURL!,
    25,
    prefix,
    word,
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a0522d' } })
      .png()
      .toBuffer(),
  );
  await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(page).toHaveURL(/\/products\/products/);
  await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
  // The search applies after a pause in typing; wait for its answer (the unfiltered first page shows the same ten).
  const searched = page.waitForResponse((r) => new URL(r.url()).searchParams.get('q') === word);
  await page.getByRole('searchbox', { name: 'Find by name or SKU' }).fill(word);
  await searched;
  await expect(bodyRows(page)).toHaveCount(10);
  await expect(bodyRows(page).first()).toContainText(`${prefix}-24`);
  const more = page.getByRole('button', { name: 'More' });
  await more.click();
  await expect(bodyRows(page)).toHaveCount(20);
  await more.click();
  await expect(bodyRows(page)).toHaveCount(25);
  await expect(more).toBeHidden();
  await expect(bodyRows(page).last()).toContainText(`${prefix}-00`);
});

test('adds a product with two images, replaces one, and finds it by SKU', async ({ page }) => {
  await page.getByRole('menuitem', { name: 'Add Product' }).click();
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('textbox', { name: 'Price' }).fill('320 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Rust linen runner');
  await page.getByRole('textbox', { name: /^Details/ }).fill('A table runner in washed linen.');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Linen', exact: true }).click();
  await page.getByRole('combobox', { name: 'Material care' }).click();
  await page.getByRole('option', { name: 'Linen care' }).click();
  await expect(slot(page, 2)).toBeHidden();
  await upload(page, 1, 'first.jpg');
  await upload(page, 2, 'second.png');
  await expect(slot(page, 3)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  const editUrl = page.url();
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue(sku);
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveAttribute('readonly');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Rust linen runner');
  expect(await shows(page, 1)).toContain('first.jpg');
  const before = await shows(page, 2);
  expect(before).toContain('second.png');
  await expect(slot(page, 3).getByRole('img', { name: 'No image' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Primary image/ })).toHaveAttribute('src', /first\.jpg$/);

  await upload(page, 2, 'third.png');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue(sku);
  expect(await shows(page, 2)).toContain('third.png');
  expect(await shows(page, 1)).toContain('first.jpg');

  await page.getByRole('menuitem', { name: 'Search Product' }).click();
  await page.getByRole('searchbox', { name: 'Product SKU' }).fill(sku);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(editUrl);
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Rust linen runner');
});

test('pauses and resumes a large upload, which then finishes', async ({ page }) => {
  await page.goto('/products/add-product/');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  // Slow the upload down (about 1 MB/s) so there is time to pause it; lifted before resuming.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (bytesPerSecond: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: bytesPerSecond,
    });
  await throttle(1024 * 1024);
  await slot(page, 1).getByLabel('Choose image 1').setInputFiles(file('large.png'));
  const status = slot(page, 1).getByRole('status');
  const bar = slot(page, 1).getByRole('progressbar', { name: 'Upload progress, image 1' });
  await expect(status).toHaveText('Uploading');
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(5);

  // The upload's requests, to see that a pause sends nothing: started ones, and those still on their way.
  const started: string[] = [];
  const inFlight = new Set<object>();
  const isUpload = (r: { url(): string }) => new URL(r.url()).pathname.startsWith('/api/uploads');
  page.on('request', (r) => void (isUpload(r) && (started.push(r.method()), inFlight.add(r))));
  page.on('requestfinished', (r) => void inFlight.delete(r));
  page.on('requestfailed', (r) => void inFlight.delete(r));

  await slot(page, 1).getByRole('button', { name: 'Pause image 1' }).click();
  await expect(status).toHaveText('Paused');
  const sentBeforePause = started.length;
  // What could still move the bar is a request already on its way: wait until the pause has ended it.
  await expect.poll(() => inFlight.size).toBe(0);
  const paused = Number(await bar.getAttribute('aria-valuenow'));
  expect(paused).toBeLessThan(100);
  await expect(status).toHaveText('Paused');
  expect(started.slice(sentBeforePause)).toEqual([]);

  await throttle(-1);
  expect(Number(await bar.getAttribute('aria-valuenow'))).toBe(paused);
  expect(started.slice(sentBeforePause)).toEqual([]);
  await slot(page, 1).getByRole('button', { name: 'Resume image 1' }).click();
  await expect(status).toHaveText('Uploaded', { timeout: 60_000 });
  // Resuming asks the server where the upload stands (HEAD) before sending the rest.
  expect(started.slice(sentBeforePause)[0]).toBe('HEAD');
  await expect(bar).toHaveAttribute('aria-valuenow', '100');
  await expect(slot(page, 1).getByRole('button', { name: /^(Pause|Resume|Cancel) image 1$/ })).toHaveCount(0);
  await expect(slot(page, 1).getByRole('img', { name: 'Image 1' })).toHaveAttribute(
    'src',
    /^\/files\/Uploads\/.+large\.png\.thumb\.webp$/,
  );
});

test('Save pressed while an image uploads waits for it, then adds the product', async ({ page }) => {
  await page.goto('/products/add-product/');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  const waitSku = `WAIT-${Date.now()}`;
  await page.getByRole('textbox', { name: 'SKU' }).fill(waitSku);
  await page.getByRole('textbox', { name: 'Price' }).fill('150 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Patient cotton towel');
  await page.getByRole('textbox', { name: /^Details/ }).fill('Saved while its photo was on its way.');
  // Slow the upload (about 2 MB/s) so Save is pressed while it runs.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await slot(page, 1).getByLabel('Choose image 1').setInputFiles(file('large.png'));
  await expect(slot(page, 1).getByRole('status')).toHaveText('Uploading');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: /^Waiting for the images… \d+ %$/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('waiting-for-images.png') });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  await expect(page.getByText('Added', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue(waitSku);
  await expect(slot(page, 1).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', /large\.png\.thumb\.webp$/);
});

test('finds products by any part of the name, narrowed by category and status', async ({ page, baseURL }) => {
  // Four of its own, two of them disabled, all with a word in the name that no other product has.
  const word = `tote${Date.now().toString(36)}`;
  await createProducts(
    baseURL!,
    4,
    `FT${Date.now().toString(36).toUpperCase()}`,
    word,
    await sharp({ create: { width: 40, height: 30, channels: 3, background: '#556b2f' } })
      .png()
      .toBuffer(),
    (i) => ({ active: i % 2 === 0 }),
  );
  await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(bodyRows(page).first()).toBeVisible();
  // Wide enough to read what is typed (react-admin's theme makes fields full width, which once squeezed it to nothing).
  expect((await page.getByRole('searchbox', { name: 'Find by name or SKU' }).boundingBox())?.width).toBeGreaterThan(
    200,
  );
  // Any part of the name: the middle of the word.
  await page.getByRole('searchbox', { name: 'Find by name or SKU' }).fill(word.slice(2));
  await expect.poll(async () => (await bodyRows(page).allTextContents()).every((r) => r.includes(word))).toBe(true);
  await expect(bodyRows(page)).toHaveCount(4);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Disabled' }).click();
  await expect(bodyRows(page)).toHaveCount(2);
  expect((await bodyRows(page).allTextContents()).every((r) => r.includes(word) && /false/.test(r))).toBe(true);
  await page.getByRole('searchbox', { name: 'Find by name or SKU' }).fill('no such product at all');
  await expect(page.getByText('No products')).toBeVisible();
});
