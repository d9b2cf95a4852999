import { expect, test } from '@playwright/test';
import { texts } from '../../resources/careguides/texts';
import { signIn, watchConsole } from './helpers';

// A described list's order and filters in Chromium over the real server: an editor clicks a column header (the list
// reads its pages in that order, both ways), picks a fabric in its filter, and finds both in the address, so Back and a
// link keep them. No console errors or warnings meanwhile.
const en = texts.en;

test('an editor sorts the care guides by a column header and filters them by fabric', async ({ page }) => {
  const stem = `Sorted ${Date.now()}`;
  await signIn(page, 'editor');
  const problems = watchConsole(page);
  const origin = new URL(page.url()).origin;
  for (const [title, fabric] of [
    [`${stem} B wool`, 'linen'],
    [`${stem} A wash`, 'cotton'],
    [`${stem} C dry`, 'linen'],
  ] as const) {
    const made = await page.request.post('/api/careguides', {
      headers: { origin },
      data: { title, body: 'Wash cold.', fabric, picture: [] },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  await page.goto('/careguides');
  await page.getByRole('searchbox', { name: 'Find' }).fill(stem);
  const table = page.getByRole('table', { name: en.list });
  const titles = () => table.getByRole('rowheader');
  await expect(titles()).toHaveText([`${stem} A wash`, `${stem} B wool`, `${stem} C dry`]);

  // The Title header: first order is A to Z, a click turns it around.
  await table.getByRole('button', { name: 'Sort by title descending' }).click();
  await expect(titles()).toHaveText([`${stem} C dry`, `${stem} B wool`, `${stem} A wash`]);
  await expect(page).toHaveURL(/sort=title/);
  await expect(page).toHaveURL(/order=DESC/);

  // The Fabric filter: Linen only, in the order chosen.
  await page.getByRole('combobox', { name: en.fields.fabric }).click();
  await page.getByRole('option', { name: en.options!.fabric!.linen, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(titles()).toHaveText([`${stem} C dry`, `${stem} B wool`]);
  await expect(page).toHaveURL(/linen/);

  // Reloaded, the address keeps both.
  await page.reload();
  await expect(page.getByRole('table', { name: en.list }).getByRole('rowheader')).toHaveText([
    `${stem} C dry`,
    `${stem} B wool`,
  ]);
  expect(problems).toEqual([]);
});
