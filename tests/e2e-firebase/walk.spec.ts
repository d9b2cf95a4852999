import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  orderBy,
  query,
  updateDoc,
  where,
  type Firestore,
} from 'firebase/firestore';
import { format, messages as en } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { displayName, otherClient } from './other';

// The Firebase build of the console (CONSOLE_BACKEND=firebase, FIREBASE_EMULATORS) walked in Chromium against the
// local emulators `npm run firebase:local` starts and seeds (tests/e2e-firebase/serve.ts). Security rules are not
// evaluated there (npm run test:rules checks them where Java 21 exists).

const ADMIN = { email: 'admin@example.com', password: 'linen-admin-1' };
const EDITOR = { email: 'editor@example.com', password: 'linen-editor-1' };
const INACTIVE = { email: 'inactive@example.com', password: 'linen-inactive-1' };

let other: { db: Firestore; stop: () => Promise<void> };
let folder: string;
test.beforeAll(async () => {
  other = otherClient();
  folder = mkdtempSync(join(tmpdir(), 'linen-fb-walk-'));
});
test.afterAll(async () => {
  await other.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Fills and sends the sign-in form; `signIn` then expects the dashboard. */
async function submitSignIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: false }).first().fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await submitSignIn(page, who);
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();
}

const rows = (page: Page, title: string = en.products.title) =>
  page.getByRole('table', { name: title }).locator('tbody tr');
const productId = async (sku: string): Promise<string> =>
  (await getDocs(query(collection(other.db, 'products'), where('sku', '==', sku)))).docs[0]!.id;

test('the gate follows app/status live: off shows only the loader, on brings the routes back', async ({ page }) => {
  await signIn(page, EDITOR);
  try {
    await updateDoc(doc(other.db, 'app', 'status'), { active: false });
    await expect(page.getByRole('progressbar')).toBeVisible();
    await expect(page.getByText(en.dashboard.hint)).toHaveCount(0);
    // Only the loader: no sidebar either.
    await expect(page.getByRole('menuitem')).toHaveCount(0);
  } finally {
    await updateDoc(doc(other.db, 'app', 'status'), { active: true });
  }
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();
});

test("the products list: 10 a page by SKU descending, 'More' adds the next 10", async ({ page }) => {
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('LI-1029');
  await expect(rows(page).nth(9)).toContainText('LI-1011');
  await page.getByRole('button', { name: 'More' }).click();
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).nth(14)).toContainText('LI-1001');
  await expect(rows(page).nth(19)).toContainText('CO-1020');
});

test('Search Product by SKU opens it; a save after another client changed it says so', async ({ page }) => {
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Search Product' }).click();
  await page.getByRole('searchbox', { name: 'Product SKU' }).fill('XX-0000');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(format(en.common.noResultFor, { value: 'XX-0000' }))).toBeVisible();
  await page.getByRole('searchbox', { name: 'Product SKU' }).fill('CO-1002');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue('CO-1002');
  await updateDoc(doc(other.db, 'products', await productId('CO-1002')), { price: '1 SEK' });
  await page.getByRole('textbox', { name: 'Price' }).fill('999 SEK');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(en.products.stale)).toBeVisible();
});

test('Add Product with three images (one resumable) into the Storage emulator', async ({ page }) => {
  // A SKU of its own on a retry: the first try may have added its product before it failed.
  const sku = `LI-900${test.info().retry}`;
  const files = await Promise.all(
    (
      [
        ['a.jpg', 64, false],
        ['b.png', 64, true],
        ['c.png', 400, true],
      ] as const
    ).map(async ([name, side, png]) => {
      // Noise does not compress: c.png, stored uncompressed, is well above 262,144 bytes (a resumable upload).
      const pixels = sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } });
      const path = join(folder, name);
      writeFileSync(path, png ? await pixels.png({ compressionLevel: 0 }).toBuffer() : await pixels.jpeg().toBuffer());
      return path;
    }),
  );
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Add Product' }).click();
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('textbox', { name: 'Price' }).fill('320 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Walk runner');
  await page.getByRole('textbox', { name: /^Details/ }).fill('Added by the Firebase walk.');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Linen', exact: true }).click();
  await page.getByRole('combobox', { name: 'Material care' }).click();
  await page.getByRole('option', { name: 'Linen care' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(en.images.mustAdd)).toBeVisible();
  // Which upload the Storage SDK chose for each file: multipart up to 262,144 bytes, resumable above.
  const protocols: string[] = [];
  page.on('request', (r) => {
    const protocol = r.headers()['x-goog-upload-protocol'];
    if (protocol) protocols.push(protocol);
  });
  expect(statSync(files[2]!).size).toBeGreaterThan(262_144);
  for (const [i, path] of files.entries()) {
    const slot = page.getByRole('group', { name: `Image ${i + 1}`, exact: true });
    await slot.getByLabel(`Choose image ${i + 1}`).setInputFiles(path);
    await expect(slot.getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  const stored = (await getDocs(query(collection(other.db, 'products'), where('sku', '==', sku)))).docs[0]!;
  const images = stored.get('images') as string[];
  expect(images).toHaveLength(3);
  for (const address of images) expect((await fetch(address)).status).toBe(200);
  expect(protocols).toEqual(['multipart', 'multipart', 'resumable']);
});

test("an inactive account is refused with the spec's message; Users is for admins, whose flags let it in", async ({
  page,
  browser,
}) => {
  const u = en.users;
  // Inactive users cannot log in: the spec's one login failure message, and the sign-in page stays.
  await submitSignIn(page, INACTIVE);
  await expect(page.getByText(en.signin.failure)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  await signIn(page, EDITOR);
  await expect(page.getByRole('menuitem', { name: 'Search User' })).toHaveCount(0);
  await page.goto('/users/users');
  await expect(page.getByText('Not allowed')).toBeVisible();
  await page.getByRole('button', { name: 'Eddie Editor' }).click();
  await page.getByRole('menuitem', { name: /Sign out|Logout/i }).click();

  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
  const table = page.getByRole('table', { name: u.title });
  await expect(table.getByRole('columnheader')).toHaveText([
    u.name,
    u.email,
    u.created,
    u.userType,
    u.active,
    u.editor,
    u.admin,
    'EDIT',
  ]);
  // Created ascending, as seeded.
  await expect(table.getByRole('rowheader')).toHaveText(['Ada Admin', 'Eddie Editor', 'Ines Inactive']);
  const flags = (email: string) => table.getByRole('row').filter({ hasText: email }).getByRole('cell');
  await expect(flags(INACTIVE.email)).toHaveText([INACTIVE.email, /\d/, 'editor', 'False', 'True', 'False', /EDIT/]);
  await expect(flags(ADMIN.email)).toHaveText([ADMIN.email, /\d/, 'admin', 'True', 'True', 'True', /EDIT/]);

  // Search User opens the inactive account; Active set to True lets it sign in, False again shuts it out.
  const setActive = async (value: 'True' | 'False'): Promise<void> => {
    await page.getByRole('menuitem', { name: 'Search User' }).click();
    await page.getByLabel('User email').fill(INACTIVE.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/users\/edit-user\/[^/]+$/);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(INACTIVE.email);
    await page.getByRole('combobox', { name: /^Active/ }).click();
    await page.getByRole('option', { name: value }).click();
    await expect(page.getByRole('combobox', { name: /^Active/ })).toHaveText(value);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText(u.updated, { exact: true })).toBeVisible();
    const uid = page.url().split('/').pop()!;
    await expect
      .poll(async () => (await getDoc(doc(other.db, 'users', uid))).get('active') as boolean)
      .toBe(value === 'True');
  };
  const ines = await (await browser.newContext()).newPage();
  try {
    await setActive('True');
    await signIn(ines, INACTIVE);
    await setActive('False');
    await submitSignIn(ines, INACTIVE);
    await expect(ines.getByText(en.signin.failure)).toBeVisible();
    await expect(ines).toHaveURL(/\/signin$/);
  } finally {
    await ines.context().close();
  }
});

test("My Account: a new first name saved ('Changes saved'), in the header, users/{uid} and the Auth name", async ({
  page,
}) => {
  const a = en.account;
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: en.menu.myAccount }).click();
  await expect(page.getByRole('textbox', { name: a.email })).toHaveValue(EDITOR.email);
  await expect(page.getByRole('textbox', { name: a.email })).not.toBeEditable();
  const first = page.getByRole('textbox', { name: a.firstName });
  await expect(first).toHaveValue('Eddie');
  await first.fill('');
  await page.getByRole('button', { name: a.save }).click();
  await expect(page.getByText(en.common.required)).toBeVisible();
  const uid = (await getDocs(query(collection(other.db, 'users'), where('email', '==', EDITOR.email)))).docs[0]!.id;
  const rename = async (name: string): Promise<void> => {
    await first.fill(name);
    await page.getByRole('button', { name: a.save }).click();
    await expect(page.getByText(a.saved)).toBeVisible();
    await expect(page.getByRole('button', { name: `${name} Editor` })).toBeVisible();
    const record = (await getDoc(doc(other.db, 'users', uid))).data()!;
    expect(record.firstName).toBe(name);
    expect(record.updated).toBeTruthy();
    expect(await displayName(EDITOR)).toBe(`${name} Editor`);
  };
  await rename('Edwina');
  await page.reload();
  await expect(first).toHaveValue('Edwina');
  // As seeded again, for the other steps.
  await rename('Eddie');
});

test('the Swedish UI and the language editors', async ({ page }) => {
  await signIn(page, ADMIN);
  await page.getByRole('button', { name: 'Ada Admin' }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  await expect(page.getByRole('heading', { name: sv.dashboard.welcome })).toBeVisible();
  await page.getByRole('menuitem', { name: sv.menu.productsList, exact: true }).click();
  await expect(page.getByRole('columnheader', { name: sv.products.sku })).toBeVisible();
  await expect(rows(page, sv.products.title)).toHaveCount(10);
  await page.getByRole('button', { name: 'Ada Admin' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Swedish', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'heroTitle' })).toHaveValue('Bomull och linne för varje dag');
  await page.getByRole('menuitem', { name: 'English', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'heroTitle' })).toHaveValue('Cotton and linen for every day');
});

test("both language editors save the whole map ('Updated'); 'false' is stored as a boolean", async ({ page }) => {
  await signIn(page, EDITOR);
  for (const [menu, id, title, text] of [
    ['English', 'en', en.languages.english, 'Checkout now'],
    ['Swedish', 'se', en.languages.swedish, 'Till kassan nu'],
  ] as const) {
    const before = (await getDoc(doc(other.db, 'languages', id))).data()!;
    await page.getByRole('menuitem', { name: menu, exact: true }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await page.getByRole('textbox', { name: /^checkout/ }).fill(text);
    await page.getByRole('textbox', { name: /^freeShipping/ }).fill('false');
    await page.getByRole('button', { name: en.languages.save }).click();
    await expect(page.getByText(en.languages.updated, { exact: true }).first()).toBeVisible();
    await expect
      .poll(async () => (await getDoc(doc(other.db, 'languages', id))).data())
      .toEqual({ ...before, checkout: text, freeShipping: false });
    await page.reload();
    await expect(page.getByRole('textbox', { name: /^checkout/ })).toHaveValue(text);
  }
});

test('bulk edit: the page set Disabled, one changed meanwhile left alone and named; then Active again', async ({
  page,
}) => {
  const t = en.bulk;
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Products', exact: true }).click();
  await expect(rows(page)).toHaveCount(10);
  const shown = (await getDocs(query(collection(other.db, 'products'), orderBy('sku', 'desc'), limit(10)))).docs;
  await expect(rows(page).first()).toContainText(shown[0]!.get('sku') as string);
  await page.getByRole('checkbox', { name: t.selectPage }).check();
  await expect(page.getByRole('status').filter({ hasText: format(t.selected, { n: 10 }) })).toBeVisible();

  // Another client changes one of them after it was selected.
  const theirs = shown[3]!;
  await updateDoc(theirs.ref, { price: '77 SEK' });
  const wasActive = shown.filter((d) => d !== theirs && d.get('active') === true).length;
  const apply = async (status: string, summary: Record<string, number>): Promise<ReturnType<Page['getByRole']>> => {
    await page.getByRole('combobox', { name: t.setStatus }).click();
    await page.getByRole('option', { name: status, exact: true }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await page.getByRole('button', { name: format(t.apply, { n: 10 }) }).click();
    const dialog = page.getByRole('dialog', { name: format(t.title, { n: 10 }) });
    await expect(dialog.getByRole('status').first()).toHaveText(format(t.summary, summary));
    return dialog;
  };
  const first = await apply(en.products.disabled, {
    changed: wasActive,
    unchanged: 9 - wasActive,
    conflict: 1,
    refused: 0,
  });
  await expect(first.getByRole('listitem')).toHaveText([`${theirs.get('sku') as string}: ${t.conflict}`]);
  // Firestore keeps no history: no Undo is offered for a change that cannot be undone.
  await expect(first.getByRole('button', { name: t.undo })).toHaveCount(0);
  await first.getByRole('button', { name: t.close }).click();
  await expect(first).toBeHidden();
  const after = await Promise.all(shown.map(async (d) => (await getDoc(d.ref)).get('active') as boolean));
  expect(after).toEqual(shown.map((d) => (d === theirs ? (d.get('active') as boolean) : false)));

  // The list read again: the selection cleared, the page's new versions selected; all set Active.
  await expect(page.getByRole('checkbox', { name: t.selectPage })).not.toBeChecked();
  await page.getByRole('checkbox', { name: t.selectPage }).check();
  const back = await apply(en.products.active, {
    changed: theirs.get('active') === true ? 9 : 10,
    unchanged: theirs.get('active') === true ? 1 : 0,
    conflict: 0,
    refused: 0,
  });
  await back.getByRole('button', { name: t.close }).click();
  const again = await Promise.all(shown.map(async (d) => (await getDoc(d.ref)).get('active') as boolean));
  expect(again).toEqual(shown.map(() => true));
});

test('Duplicate on Edit Product: Add Product opens with its fields, Swedish texts and copies of its images', async ({
  page,
}) => {
  await signIn(page, EDITOR);
  const id = await productId('LI-1005');
  const original = (await getDoc(doc(other.db, 'products', id))).data()!;
  await page.goto(`/products/edit-product/${id}`);
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue('LI-1005');
  await page.getByRole('button', { name: en.duplicate.button }).click();
  await expect(page.getByRole('heading', { name: en.products.addTitle })).toBeVisible();
  await expect(page.getByText(format(en.duplicate.notice, { sku: 'LI-1005' }))).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(original.name as string);
  // A SKU that sorts after the demo catalogue, so the list's first pages stay as the other steps know them.
  await page.getByRole('textbox', { name: 'SKU' }).fill('AA-1005');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(en.products.added)).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  expect(page.url()).not.toContain(id);
  const copy = (await getDocs(query(collection(other.db, 'products'), where('sku', '==', 'AA-1005')))).docs[0]!.data();
  for (const key of ['name', 'details', 'price', 'category', 'mc', 'active', 'translations'])
    expect(copy[key], key).toEqual(original[key]);
  const images = copy.images as string[];
  expect(images).toHaveLength((original.images as string[]).length);
  expect(copy.primary).toBe(images[0]);
  // New objects in Storage, not the original's.
  for (const address of images) {
    expect(original.images).not.toContain(address);
    expect((await fetch(address)).status).toBe(200);
  }
});
