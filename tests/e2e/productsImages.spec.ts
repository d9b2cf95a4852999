import { readFileSync } from 'node:fs';
import { expect, test, type FileChooser, type Locator, type Page } from '@playwright/test';
import { imageFolder, signIn, type ImageFolder } from './helpers';

// The product images with real uploads: a file dropped on a slot, images moved by dragging, a product added with the
// keyboard alone, and focus on the first field in error when a save is refused.

let images: ImageFolder;
const file = (name: string): string => images.path(name);
const unique = (prefix: string): string => `${prefix}-${Date.now().toString(36).toUpperCase()}`;

test.beforeAll(async () => {
  images = await imageFolder('product-images-e2e', {
    'red.jpg': [190, 90, 60],
    'blue.png': [70, 110, 190],
    'green.png': [90, 160, 90],
  });
});

test.afterAll(() => images.remove());

test.beforeEach(async ({ page }) => {
  await signIn(page, 'editor');
});

const slot = (page: Page, n: number): Locator => page.getByRole('group', { name: `Image ${n}`, exact: true });
const uploaded = (page: Page, n: number) =>
  expect(slot(page, n).getByRole('status')).toHaveText('Uploaded', { timeout: 30_000 });
/** The stored image a slot shows, as the name of the file it came from. */
const shown = async (page: Page, n: number): Promise<string> =>
  (
    (await slot(page, n)
      .getByRole('img', { name: `Image ${n}` })
      .getAttribute('src')) ?? ''
  )
    .replace(/^.*_/, '')
    .replace('.thumb.webp', '');

async function fillTexts(page: Page, sku: string): Promise<void> {
  await page.getByRole('textbox', { name: 'SKU' }).fill(sku);
  await page.getByRole('textbox', { name: 'Price' }).fill('210 SEK');
  await page.getByRole('textbox', { name: /^Name/ }).fill('Moved linen towel');
  await page.getByRole('textbox', { name: /^Details/ }).fill('Its photos in the order chosen.');
}

/** Drops a file from disk on an element, as a browser does with one dragged from the desktop. */
async function dropFile(page: Page, target: Locator, path: string, name: string, type: string): Promise<void> {
  const bytes = readFileSync(path).toString('base64');
  const dataTransfer = await page.evaluateHandle(
    ({ bytes, name, type }) => {
      const dt = new DataTransfer();
      dt.items.add(new File([Uint8Array.from(atob(bytes), (c) => c.charCodeAt(0))], name, { type }));
      return dt;
    },
    { bytes, name, type },
  );
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await expect(target.getByText('Drop the image here')).toBeVisible();
  await target.dispatchEvent('drop', { dataTransfer });
}

/**
 * Drags one element onto another with the HTML5 drag events Chromium sends, sharing one DataTransfer (Playwright's
 * mouse-driven dragTo starts the drag here but delivers no events past the source in headless Chromium).
 */
async function dragOnto(page: Page, source: Locator, target: Locator): Promise<void> {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await source.dispatchEvent('dragstart', { dataTransfer });
  await target.dispatchEvent('dragenter', { dataTransfer });
  await target.dispatchEvent('dragover', { dataTransfer });
  await target.dispatchEvent('drop', { dataTransfer });
  await source.dispatchEvent('dragend', { dataTransfer });
}

/**
 * Opens the focused picker's file chooser with Space. Headless Chromium now and then ignores a chooser's Space (the
 * page sees the key and nothing else; seen on the first picker too, three times in a row), so the key is pressed
 * again, as a person would, and then Enter, which activates the button as well.
 */
async function chooseWithKeyboard(page: Page): Promise<FileChooser> {
  const keys = ['Space', 'Space', 'Enter', 'Space', 'Enter'];
  for (const [attempt, key] of keys.entries()) {
    const chooser = page.waitForEvent('filechooser', { timeout: 3000 });
    await page.keyboard.press(key);
    try {
      return await chooser;
    } catch (err) {
      if (attempt === keys.length - 1) throw err;
    }
  }
  throw new Error('unreachable');
}

/** Presses Tab until the element has focus (at most 60 times), as someone with only a keyboard would. */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 60; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('a dropped file uploads, images move by dragging, one is removed, and the order is what is saved', async ({
  page,
}) => {
  await page.goto('/products/add-product/');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await fillTexts(page, unique('DRAG'));
  await dropFile(page, slot(page, 1), file('red.jpg'), 'red.jpg', 'image/jpeg');
  await uploaded(page, 1);
  await slot(page, 2).getByLabel('Choose image 2').setInputFiles(file('blue.png'));
  await uploaded(page, 2);
  await slot(page, 3).getByLabel('Choose image 3').setInputFiles(file('green.png'));
  await uploaded(page, 3);
  await expect(slot(page, 1).getByText('Primary image')).toBeVisible();

  await dragOnto(page, slot(page, 3).getByRole('img', { name: 'Image 3' }), slot(page, 1));
  await expect(slot(page, 1).getByText('green.png')).toBeVisible();
  await expect(page.getByText('Image moved to place 1 of 3. It is now the primary image.')).toBeAttached();
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  await expect(slot(page, 3).getByRole('img', { name: 'Image 3' })).toBeVisible();
  expect([await shown(page, 1), await shown(page, 2), await shown(page, 3)]).toEqual([
    'green.png',
    'red.jpg',
    'blue.png',
  ]);
  await expect(page.getByRole('img', { name: /^Primary image/ })).toHaveAttribute('src', /green\.png$/);

  await slot(page, 1).getByRole('button', { name: 'Remove image 1' }).click();
  await expect(slot(page, 3).getByRole('img', { name: 'No image' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Updated', { exact: true })).toBeVisible();
  await page.reload();
  await expect(slot(page, 2).getByRole('img', { name: 'Image 2' })).toBeVisible();
  expect([await shown(page, 1), await shown(page, 2)]).toEqual(['red.jpg', 'blue.png']);
  await expect(page.getByRole('img', { name: /^Primary image/ })).toHaveAttribute('src', /red\.jpg$/);
});

test('adds a product with images using the keyboard alone', async ({ page }) => {
  const sku = unique('KEYS');
  await page.goto('/products/add-product/');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  for (const [name, text] of [
    ['SKU', sku],
    ['Price', '99 SEK'],
    [/^Name/, 'Keyboard cotton napkin'],
    [/^Details/, 'Added without a mouse.'],
  ] as const) {
    await tabTo(page, page.getByRole('textbox', { name }));
    await page.keyboard.type(text);
  }
  await tabTo(page, page.getByRole('combobox', { name: 'Category' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Linen', exact: true })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Linen');

  for (const [n, name] of [
    [1, 'red.jpg'],
    [2, 'blue.png'],
  ] as const) {
    await tabTo(page, page.getByLabel(`Choose image ${n}`));
    await (await chooseWithKeyboard(page)).setFiles(file(name));
    await uploaded(page, n);
  }
  // Image 2 becomes the primary one, with the keyboard.
  await tabTo(page, page.getByRole('button', { name: 'Move image 2 earlier' }));
  await page.keyboard.press('Enter');
  await expect(slot(page, 1).getByText('blue.png')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Move image 1 later' })).toBeFocused();
  await tabTo(page, page.getByRole('button', { name: 'Save' }));
  await page.keyboard.press('Enter');

  await expect(page.getByText('Added', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/products\/edit-product\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'SKU' })).toHaveValue(sku);
  await expect(page.getByRole('combobox', { name: 'Category' })).toHaveText('Linen');
  await expect(slot(page, 2).getByRole('img', { name: 'Image 2' })).toBeVisible();
  expect([await shown(page, 1), await shown(page, 2)]).toEqual(['blue.png', 'red.jpg']);
});

test('a refused save focuses the first field in error: the form’s own rules, then the server’s', async ({ page }) => {
  await page.goto('/products/add-product/');
  await expect(page.getByRole('heading', { name: 'Add Product' })).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('textbox', { name: 'SKU' })).toBeFocused();

  await fillTexts(page, unique('BAD'));
  // A direction override passes the form's rules; the server refuses it and names the field.
  await page.getByRole('textbox', { name: /^Name/ }).fill('Towel \u202Eevil');
  await slot(page, 1).getByLabel('Choose image 1').setInputFiles(file('red.jpg'));
  await uploaded(page, 1);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Could not update')).toBeVisible();
  await expect(
    page
      .getByText('Text may not contain control characters, unpaired surrogates or direction-override characters.')
      .first(),
  ).toBeVisible();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toBeFocused();
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveAttribute('aria-invalid', 'true');
});
