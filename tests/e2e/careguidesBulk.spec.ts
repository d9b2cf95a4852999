import { expect, test } from '@playwright/test';
import { texts } from '../../resources/careguides/texts';
import { signIn, watchConsole } from './helpers';

// Bulk edit of a described list (`bulk: true`) in Chromium over the real server: an editor finds three care guides,
// selects all that match, sets their fabric in the field's own input, sees the outcome, and undoes the whole change.
// No console errors or warnings meanwhile.
const en = texts.en;

test('an editor sets the fabric of every matching care guide at once, and undoes it', async ({ page }) => {
  const stem = `Bulk ${Date.now()}`;
  await signIn(page, 'editor');
  const problems = watchConsole(page);
  const origin = new URL(page.url()).origin;
  const ids: string[] = [];
  for (const [title, fabric] of [
    [`${stem} A`, 'linen'],
    [`${stem} B`, 'cotton'],
    [`${stem} C`, 'linen'],
  ] as const) {
    const made = await page.request.post('/api/careguides', {
      headers: { origin },
      data: { title, body: 'Wash cold.', fabric, picture: [] },
    });
    expect(made.status(), await made.text()).toBe(201);
    ids.push(((await made.json()) as { id: string }).id);
  }
  const fabrics = async () =>
    Promise.all(
      ids.map(
        async (id) => ((await (await page.request.get(`/api/careguides/${id}`)).json()) as { fabric: string }).fabric,
      ),
    );

  await page.goto('/careguides');
  await page.getByRole('searchbox', { name: 'Find' }).fill(stem);
  // The search is in the address once it applies (a new search clears a selection).
  await expect(page).toHaveURL(/filter=.*Bulk/);
  const table = page.getByRole('table', { name: en.list });
  await expect(table.getByRole('rowheader')).toHaveCount(3);
  await table.getByRole('checkbox', { name: `Select ${stem} A` }).check();
  const bar = page.getByRole('region', { name: 'Select' });
  await bar.getByRole('button', { name: 'Select all 3 matching' }).click();
  await expect(bar.getByText('3 selected')).toBeVisible();

  // A choice is one select of its options.
  await bar.getByRole('combobox', { name: `Set ${en.fields.fabric}` }).click();
  await page.getByRole('option', { name: en.options!.fabric!.blend!, exact: true }).click();
  await bar.getByRole('button', { name: 'Apply to 3 records' }).click();

  const dialog = page.getByRole('dialog', { name: 'Change 3 records' });
  await expect(
    dialog.getByText('3 changed, 0 unchanged, 0 changed by someone else since they were selected, 0 refused'),
  ).toBeVisible();
  expect(await fabrics()).toEqual(['blend', 'blend', 'blend']);
  await dialog.getByRole('button', { name: 'Undo this change' }).click();
  await expect(dialog.getByText('Undone: 3 records set back')).toBeVisible();
  expect(await fabrics()).toEqual(['linen', 'cotton', 'linen']);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(table.getByRole('row', { name: new RegExp(`${stem} B`) })).toContainText(en.options!.fabric!.cotton!);
  expect(problems).toEqual([]);
});
