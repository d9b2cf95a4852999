import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './helpers';
import { serious } from './axe';

interface Language {
  id: string;
  texts: Record<string, string | boolean>;
  version: number;
}

const read = async (request: APIRequestContext, id: 'en' | 'se'): Promise<Language> => {
  const res = await request.get(`/api/languages/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Language;
};

test.describe('languages, as an editor keeps the shop texts', () => {
  test('Swedish: change a text, Save Changes, reload and find it kept; the record holds the whole new map', async ({
    page,
  }) => {
    await signIn(page, 'editor');
    const before = await read(page.request, 'se');
    await page.getByRole('menuitem', { name: 'Swedish' }).click();
    await expect(page.getByRole('heading', { name: 'Language: Swedish' })).toBeVisible();

    const keys = await page.locator('[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(keys).toEqual(
      Object.keys(before.texts).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b)),
    );

    const text = `Till kassan ${Date.now()}`;
    await page.getByRole('textbox', { name: /^checkout/ }).fill(text);
    await page.getByRole('textbox', { name: /^freeShipping/ }).fill('false');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();

    await page.reload();
    await expect(page.getByRole('textbox', { name: /^checkout/ })).toHaveValue(text);
    await expect(page.getByRole('textbox', { name: /^freeShipping/ })).toHaveValue('false');

    const after = await read(page.request, 'se');
    expect(after.texts).toEqual({ ...before.texts, checkout: text, freeShipping: false });
    expect(after.version).toBe(before.version + 1);
  });

  test('an empty text is required and nothing is saved', async ({ page }) => {
    await signIn(page, 'editor');
    const before = await read(page.request, 'en');
    await page.getByRole('menuitem', { name: 'English' }).click();
    await page.getByRole('textbox', { name: /^heroTitle/ }).fill('');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Required', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^heroTitle/ })).toBeFocused();
    expect((await read(page.request, 'en')).version).toBe(before.version);
  });

  test('a second editor saving meanwhile gets the conflict message and keeps their edits', async ({
    page,
    context,
  }) => {
    await signIn(page, 'editor');
    const other = await context.newPage();
    for (const p of [page, other]) {
      await p.goto('/languages/english');
      await expect(p.getByRole('textbox', { name: /^shopLinen/ })).toBeVisible();
    }
    await other.getByRole('textbox', { name: /^shopLinen/ }).fill('Linen, first');
    await other.getByRole('button', { name: 'Save Changes' }).click();
    await expect(other.getByText('Updated', { exact: true })).toBeVisible();

    await page.getByRole('textbox', { name: /^shopLinen/ }).fill('Linen, second');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'changed by someone else meanwhile' }).first(),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^shopLinen/ })).toHaveValue('Linen, second');
    expect((await read(page.request, 'en')).texts.shopLinen).toBe('Linen, first');

    await page.getByRole('button', { name: 'Reload' }).click();
    await expect(page.getByRole('textbox', { name: /^shopLinen/ })).toHaveValue('Linen, first');
    await other.close();
  });

  test('a key only one language has is marked there and can be added to the other', async ({ page, baseURL }) => {
    await signIn(page, 'editor');
    const se = await read(page.request, 'se');
    const key = `promo${Date.now()}`;
    const put = await page.request.put('/api/languages/se', {
      headers: { origin: baseURL!, 'if-match': `"${se.version}"` },
      data: { texts: { ...se.texts, [key]: 'Sommarrea' } },
    });
    expect(put.status()).toBe(200);

    await page.goto('/languages/swedish');
    await expect(page.getByRole('textbox', { name: new RegExp(`^${key}`) })).toHaveAccessibleDescription(
      'English Missing in the other language',
    );

    await page.getByRole('menuitem', { name: 'English' }).click();
    const missing = page.getByRole('region', { name: 'Missing in this language' });
    await missing.getByRole('button', { name: `Add ${key}` }).click();
    const added = page.getByRole('textbox', { name: new RegExp(`^${key}`) });
    await expect(added).toBeFocused();
    await added.fill('Summer sale');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Updated', { exact: true })).toBeVisible();
    expect((await read(page.request, 'en')).texts[key]).toBe('Summer sale');
    await expect(missing).toHaveCount(0);
  });
});

test.describe('languages, as translators work', () => {
  test('an editor adds a key from Swedish: both records get it, English empty, marked and found there', async ({
    page,
    context,
    baseURL,
  }) => {
    await signIn(page, 'editor');
    // An English editor open since before the key was added.
    const english = await context.newPage();
    await english.goto('/languages/english');
    await expect(english.getByRole('textbox', { name: /^checkout/ })).toBeVisible();
    const before = { en: await read(page.request, 'en'), se: await read(page.request, 'se') };

    await page.goto('/languages/swedish');
    await expect(page.getByRole('textbox', { name: /^checkout/ })).toHaveAccessibleDescription(
      `English ${String(before.en.texts.checkout)}`,
    );
    await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
    await page.getByRole('button', { name: 'Add a key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a key' });
    expect(await serious(page)).toEqual([]);
    const key = `winterSale${Date.now()}`;
    await dialog.getByRole('textbox', { name: /^Key/ }).fill(key);
    await dialog.getByRole('textbox', { name: /^Text \(Swedish\)/ }).fill('Vinterrea');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Key added', { exact: true })).toBeVisible();
    await expect(page.getByRole('textbox', { name: new RegExp(`^${key}`) })).toBeFocused();
    await expect(page.getByRole('textbox', { name: new RegExp(`^${key}`) })).toHaveAccessibleDescription(
      'English No text yet',
    );

    const after = { en: await read(page.request, 'en'), se: await read(page.request, 'se') };
    expect(after.se.texts).toEqual({ ...before.se.texts, [key]: 'Vinterrea' });
    expect(after.en.texts).toEqual({ ...before.en.texts, [key]: '' });
    expect([after.en.version, after.se.version]).toEqual([before.en.version + 1, before.se.version + 1]);
    // The same key again is refused, by the dialog and by the server.
    await page.getByRole('button', { name: 'Add a key' }).click();
    await dialog.getByRole('textbox', { name: /^Key/ }).fill(key);
    await dialog.getByRole('textbox', { name: /^Text/ }).fill('Igen');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByRole('textbox', { name: /^Key/ })).toHaveAccessibleDescription(
      'A key with this name already exists.',
    );
    const again = await page.request.put(`/api/languages/en/keys/${key}`, {
      headers: { origin: baseURL!, 'if-match': `"${after.en.version}"` },
      data: { value: 'Again' },
    });
    expect(again.status()).toBe(400);

    // The English editor's next save meets the stale message; Reload brings the key, empty and marked.
    await english.getByRole('textbox', { name: /^checkout/ }).fill('Check out');
    await english.getByRole('button', { name: 'Save Changes' }).click();
    await expect(
      english.getByRole('alert').filter({ hasText: 'changed by someone else meanwhile' }).first(),
    ).toBeVisible();
    await english.getByRole('button', { name: 'Reload' }).click();
    const added = english.getByRole('textbox', { name: new RegExp(`^${key}`) });
    await expect(added).toHaveAccessibleDescription('Empty Swedish Vinterrea');
    await english.getByRole('button', { name: /^Empty or missing/ }).click();
    await expect(added).toBeVisible();
    await expect(english.getByRole('textbox', { name: /^checkout/ })).toHaveCount(0);
    expect(await serious(english)).toEqual([]);
    await english.screenshot({ path: test.info().outputPath('english-empty-or-missing.png'), fullPage: true });
    await english.close();
  });

  test('an admin removes a key from both languages after confirming', async ({ page, baseURL }) => {
    await signIn(page, 'admin');
    const se = await read(page.request, 'se');
    const key = `oldBanner${Date.now()}`;
    const made = await page.request.put(`/api/languages/se/keys/${key}`, {
      headers: { origin: baseURL!, 'if-match': `"${se.version}"` },
      data: { value: 'Gammal' },
    });
    expect(made.status()).toBe(200);

    await page.goto('/languages/swedish');
    const row = page.getByRole('textbox', { name: new RegExp(`^${key}`) });
    await expect(row).toBeVisible();
    await page.getByRole('button', { name: `Remove ${key}` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove the key ${key}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toBeVisible();

    await page.getByRole('button', { name: `Remove ${key}` }).click();
    await confirm.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Key removed', { exact: true })).toBeVisible();
    await expect(row).toHaveCount(0);
    expect(key in (await read(page.request, 'se')).texts).toBe(false);
    expect(key in (await read(page.request, 'en')).texts).toBe(false);
  });
});

test.describe('languages on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the other language's text goes below the input and nothing scrolls sideways, a long text included", async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'editor');
    const en = await read(page.request, 'en');
    const key = `longWord${Date.now()}`;
    const long = 'Linnelakan'.repeat(40);
    const made = await page.request.put(`/api/languages/en/keys/${key}`, {
      headers: { origin: baseURL!, 'if-match': `"${en.version}"` },
      data: { value: long },
    });
    expect(made.status()).toBe(200);
    await page.goto('/languages/swedish');
    const input = page.getByRole('textbox', { name: new RegExp(`^${key}`) });
    await expect(input).toBeVisible();
    await page.waitForLoadState('networkidle');
    const inputBox = (await input.boundingBox())!;
    const otherBox = (await page.getByText(long).boundingBox())!;
    expect(otherBox.y).toBeGreaterThan(inputBox.y + inputBox.height - 1);
    await input.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath('phone-swedish.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
  });
});
