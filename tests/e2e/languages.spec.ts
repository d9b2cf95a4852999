import { expect, test, type APIRequestContext } from '@playwright/test';
import { signIn } from './helpers';

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
  test('Swedish: change a text, Save Changes, reload and find it kept; the record holds the whole new map', async ({ page }) => {
    await signIn(page, 'editor');
    const before = await read(page.request, 'se');
    await page.getByRole('menuitem', { name: 'Swedish' }).click();
    await expect(page.getByRole('heading', { name: 'Language: Swedish' })).toBeVisible();

    const keys = await page.locator('[data-key]').evaluateAll((els) => els.map((e) => e.getAttribute('data-key')));
    expect(keys).toEqual(Object.keys(before.texts).sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b)));

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

  test('a second editor saving meanwhile gets the conflict message and keeps their edits', async ({ page, context }) => {
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
    await expect(page.getByRole('alert').filter({ hasText: 'changed by someone else meanwhile' }).first()).toBeVisible();
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
    await expect(page.getByRole('textbox', { name: new RegExp(`^${key}`) })).toHaveAccessibleDescription('English Missing in the other language');

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
