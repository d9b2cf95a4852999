import { expect, test, type Page } from '@playwright/test';
import { format, messages } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { raSwedish } from '../../src/raSwedish';
import { instantToWall, zoneOffsetName } from '../../domain/schedule';
import { imageFolder, picker, pickerText, pickerWritten, signIn, typeDay, type ImageFolder } from './helpers';

// A product scheduled on Add Product, marked and filtered on the list, a time refused in the
// past, one applied by the scheduler (SCHEDULE_CHECK_SECONDS is 2 here) and recorded as its change; Duplicate on Edit
// Product opening Add Product with the fields, Swedish texts and copied images; the same screens in Swedish.
test.describe.configure({ mode: 'serial' });

let images: ImageFolder;
const photo = (): string => images.path('scheduled.jpg');
const sku = `SCH-${Date.now().toString(36).toUpperCase()}`;
const copySku = `${sku}-B`;
let editUrl = '';
let zone = '';
const HOUR = 3600_000;

test.beforeAll(async () => {
  images = await imageFolder('products-schedule-e2e', { 'scheduled.jpg': [90, 120, 150] }, { width: 900, height: 600 });
});

test.afterAll(() => images.remove());

// What the browser's console says during a test: nothing but the refusals the tests cause on purpose.
let said: string[] = [];

test.beforeEach(async ({ page }) => {
  said = [];
  page.on('console', (msg) => {
    if ((msg.type() === 'warning' || msg.type() === 'error') && !msg.text().startsWith('Failed to load resource'))
      said.push(`${msg.type()}: ${msg.text()}`);
  });
  await signIn(page, 'editor');
  zone ||= ((await (await page.request.get('/api/schedule')).json()) as { timeZone: string }).timeZone;
});

test.afterEach(() => {
  expect(said).toEqual([]);
});

/** A product as the API answers it, read with the page's session. */
async function product(page: Page, id: string): Promise<Record<string, unknown>> {
  const res = await page.request.get(`/api/products/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Record<string, unknown>;
}

const idOf = (url: string): string => decodeURIComponent(url.split('/').pop()!);

test('schedules a product on Add Product in the shop time zone; the list marks and filters it', async ({ page }) => {
  const from = new Date(Date.now() + 26 * HOUR);
  from.setUTCSeconds(0, 0);
  await page.goto('/products/add-product/');
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('textbox', { name: 'Price' }).fill('420 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Blue linen napkin');
  await page.getByRole('textbox', { name: /^Details/ }).fill('Four napkins in washed linen.');
  await page.getByRole('textbox', { name: 'Swedish name' }).fill('Blå linneservett');
  const schedule = page.getByRole('group', { name: 'Scheduled' });
  await expect(schedule).toContainText(
    format(messages.schedule.timeZone, { zone: `${zone} (${zoneOffsetName(zone)})` }),
  );
  await typeDay(page, 'Active from', instantToWall(from.toISOString(), zone), schedule);
  await page.getByLabel('Choose image 1').setInputFiles(photo());
  await expect(page.getByRole('group', { name: 'Image 1', exact: true }).getByRole('status')).toHaveText('Uploaded', {
    timeout: 30_000,
  });
  // Still Active (a new product's status), it would be public before its time: said beside Active from, not sent.
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(schedule.getByText(messages.schedule.notYet)).toBeVisible();
  await expect(picker(schedule, 'Active from')).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/products\/add-product\/?$/);
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Disabled' }).click();
  await expect(schedule.getByText(messages.schedule.notYet)).toBeHidden();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  editUrl = page.url();
  // Stored as the instant the shop's wall time names, shown back as that wall time.
  expect(await product(page, idOf(editUrl))).toMatchObject({
    active: false,
    activeFrom: from.toISOString(),
    activeUntil: null,
  });
  await expect(pickerText(page, 'Active from')).toHaveValue(pickerWritten(instantToWall(from.toISOString(), zone)));

  await page.goto('/products/products');
  const asked = page.waitForRequest(
    (r) => r.url().includes('/api/products?') && new URL(r.url()).searchParams.get('scheduled') === 'true',
  );
  await page.getByRole('checkbox', { name: 'Scheduled' }).check();
  await asked;
  await expect(page).toHaveURL(/scheduled=true/);
  const rows = page.getByRole('table', { name: 'Products' }).locator('tbody tr');
  await expect(rows.filter({ hasText: sku })).toHaveCount(1);
  // Every row the filter shows carries the clock; this one says when.
  await expect
    .poll(async () => (await rows.count()) === (await rows.getByRole('img', { name: /^Scheduled/ }).count()))
    .toBe(true);
  const mark = rows.filter({ hasText: sku }).getByRole('img', { name: /^Scheduled/ });
  await mark.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    `Scheduled · Active from ${instantToWall(from.toISOString(), zone).replace('T', ' ')}`,
  );
});

test(
  'refuses a time in the past beside its field; a time a ' + 'minute ahead is applied by the scheduler and recorded',
  async ({ page }) => {
    test.setTimeout(150_000);
    await page.goto(editUrl);
    await typeDay(page, 'Active from', instantToWall(new Date(Date.now() - HOUR).toISOString(), zone));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Choose a time in the future.', { exact: true })).toBeVisible();
    expect((await product(page, idOf(editUrl))).activeFrom).not.toBeNull();

    // The next whole minute at least 15 s ahead (the input takes minutes).
    const soon = new Date(Math.ceil((Date.now() + 15_000) / 60_000) * 60_000);
    await typeDay(page, 'Active from', instantToWall(soon.toISOString(), zone));
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    expect(await product(page, idOf(editUrl))).toMatchObject({ active: false, activeFrom: soon.toISOString() });
    // Applied once its minute has come: active, the time cleared, the change the scheduler's in the history.
    await expect
      .poll(async () => (await product(page, idOf(editUrl))).active, { timeout: 120_000, intervals: [2000] })
      .toBe(true);
    expect((await product(page, idOf(editUrl))).activeFrom).toBeNull();
    await page.reload();
    await expect(pickerText(page, 'Active from')).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Active');
    await expect(page.getByText('The scheduler changed Active from No to Yes')).toBeVisible();
  },
);

test('Duplicate opens Add Product with the fields, Swedish texts and copied images, and asks for a new SKU', async ({
  page,
}) => {
  const original = await product(page, idOf(editUrl));
  await page.goto(editUrl);
  await page.getByRole('button', { name: 'Duplicate' }).click();
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await expect(page.getByText(`Copied from ${sku}. Enter a new SKU.`)).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Blue linen napkin');
  await expect(page.getByRole('textbox', { name: 'Swedish name' })).toHaveValue('Blå linneservett');
  await expect(page.getByRole('textbox', { name: 'Price' })).toHaveValue('420 SEK');
  // The copied image is shown in its slot, as on an edit page.
  await expect(page.getByRole('group', { name: 'Image 1', exact: true }).getByRole('img').first()).toBeVisible();
  // Saving without a SKU is refused; the original's SKU is taken.
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('A product with this SKU already exists.').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'SKU' }).fill(copySku);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  const copy = await product(page, idOf(page.url()));
  expect(copy).toMatchObject({
    sku: copySku,
    name: 'Blue linen napkin',
    price: '420 SEK',
    translations: { se: { name: 'Blå linneservett' } },
    activeFrom: null,
  });
  // New files, not the original's.
  const [mine, theirs] = [copy.images as string[], original.images as string[]];
  expect(mine).toHaveLength(theirs.length);
  for (const [i, address] of mine.entries()) {
    expect(address).not.toBe(theirs[i]);
    const served = await page.request.get(address);
    expect(served.status()).toBe(200);
  }
  expect((await product(page, idOf(editUrl))).images).toEqual(theirs);
});

test('the schedule fields, the filter and Duplicate in Swedish', async ({ page }) => {
  await page.getByRole('button', { name: 'Eda Editor' }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  await page.goto(editUrl);
  await expect(page.getByRole('heading', { name: sv.products.editTitle })).toBeVisible();
  const schedule = page.getByRole('group', { name: sv.schedule.mark });
  await expect(picker(schedule, sv.schedule.activeFrom)).toBeVisible();
  await expect(picker(schedule, sv.schedule.activeUntil)).toBeVisible();
  await expect(schedule).toContainText(format(sv.schedule.timeZone, { zone: `${zone} (${zoneOffsetName(zone)})` }));
  // A past time is refused in Swedish.
  const past = instantToWall(new Date(Date.now() - HOUR).toISOString(), zone);
  await typeDay(page, sv.schedule.activeUntil, past, schedule, 'sv');
  // Written as Swedish writes a time, not as the browser does.
  await expect(pickerText(schedule, sv.schedule.activeUntil)).toHaveValue(pickerWritten(past, 'sv'));
  await page.getByRole('button', { name: sv.products.save }).click();
  await expect(page.getByText(sv.schedule.past, { exact: true })).toBeVisible();
  // Duplicate copies the product as saved: leaving the refused change asks first, in Swedish.
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (d) => {
      resolve(d.message());
      void d.accept();
    }),
  );
  await page.getByRole('button', { name: sv.duplicate.button }).click();
  expect(await asked).toBe(raSwedish.ra.message.unsaved_changes);
  await expect(page.getByRole('heading', { name: sv.products.addTitle })).toBeVisible();
  await expect(page.getByText(format(sv.duplicate.notice, { sku }))).toBeVisible();
  await page.goto('/products/products');
  await expect(page.getByRole('checkbox', { name: sv.schedule.filter })).toBeVisible();
});
