import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { collection, doc, getDocs, query, updateDoc, where, type Firestore } from 'firebase/firestore';
import { messages as en } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { otherClient } from './other';

// The Firebase build of the console (CONSOLE_BACKEND=firebase, FIREBASE_EMULATORS) walked in Chromium against the
// local emulators `npm run firebase:local` starts and seeds (tests/e2e-firebase/serve.ts). Security rules are not
// evaluated there (npm run test:rules checks them where Java 21 exists).

const ADMIN = { email: 'admin@example.com', password: 'linen-admin-1' };
const EDITOR = { email: 'editor@example.com', password: 'linen-editor-1' };

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

async function signIn(page: Page, who: { email: string; password: string }): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: false }).first().fill(who.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
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
  const files = await Promise.all(
    [
      ['a.jpg', 64, false],
      ['b.png', 64, true],
      ['c.png', 400, true],
    ].map(async ([name, side, png]) => {
      const raw = sharp(Buffer.alloc((side as number) ** 2 * 3, 90), {
        raw: { width: side as number, height: side as number, channels: 3 },
      });
      // c.png: noise PNG cannot shrink, well above 262,144 bytes (a resumable upload).
      const body = png
        ? await sharp(
            Buffer.from(Array.from({ length: (side as number) ** 2 * 3 }, (_, i) => (i * 2654435761) % 251)),
            { raw: { width: side as number, height: side as number, channels: 3 } },
          )
            .png({ compressionLevel: 0 })
            .toBuffer()
        : await raw.jpeg().toBuffer();
      const path = join(folder, name as string);
      await sharp(body).toFile(path);
      return path;
    }),
  );
  await signIn(page, EDITOR);
  await page.getByRole('menuitem', { name: 'Add Product' }).click();
  await page.getByRole('textbox', { name: 'SKU' }).fill('LI-9000');
  await page.getByRole('textbox', { name: 'Price' }).fill('320 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Walk runner');
  await page.getByRole('textbox', { name: /^Details/ }).fill('Added by the Firebase walk.');
  await page.getByRole('combobox', { name: 'Category' }).click();
  await page.getByRole('option', { name: 'Linen', exact: true }).click();
  await page.getByRole('combobox', { name: 'Material care' }).click();
  await page.getByRole('option', { name: 'Linen care' }).click();
  for (const [i, path] of files.entries()) {
    const slot = page.getByRole('group', { name: `Image ${i + 1}`, exact: true });
    await slot.getByLabel(`Choose image ${i + 1}`).setInputFiles(path);
    await expect(slot.getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
  }
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Added')).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  const stored = (await getDocs(query(collection(other.db, 'products'), where('sku', '==', 'LI-9000')))).docs[0]!;
  const images = stored.get('images') as string[];
  expect(images).toHaveLength(3);
  for (const address of images) expect((await fetch(address)).status).toBe(200);
});

test('Users is for admins: the editor has no such menu and is refused; the admin lists both accounts', async ({
  page,
}) => {
  await signIn(page, EDITOR);
  await expect(page.getByRole('menuitem', { name: 'Search User' })).toHaveCount(0);
  await page.goto('/users/users');
  await expect(page.getByText('Not allowed')).toBeVisible();
  await page.getByRole('button', { name: 'Eddie Editor' }).click();
  await page.getByRole('menuitem', { name: /Sign out|Logout/i }).click();
  await signIn(page, ADMIN);
  await page.getByRole('menuitem', { name: 'Users', exact: true }).click();
  await expect(page.getByText('editor@example.com')).toBeVisible();
  await expect(page.getByText('admin@example.com')).toBeVisible();
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
