import { expect, test, type Dialog, type Page } from '@playwright/test';
import { texts } from '../../resources/careguides/texts';
import { signIn } from './helpers';

// A form with changes not saved asks before it is left (react-admin's warnWhenUnsavedChanges, over the console's data
// router): Cancel keeps what was typed, OK leaves; once saved, nothing is asked.
const en = texts.en;
const UNSAVED = "Some of your changes weren't saved. Are you sure you want to ignore them?";

/** The next dialog's message, answered as `accept` says. */
function answerNext(page: Page, accept: boolean): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (d: Dialog) => {
      resolve(d.message());
      void (accept ? d.accept() : d.dismiss());
    });
  });
}

test('leaving a form with unsaved changes asks first; Cancel keeps what was typed, OK leaves', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('menuitem', { name: en.add }).click();
  await expect(page.getByRole('heading', { name: en.add })).toBeVisible();
  const title = page.getByRole('textbox', { name: en.fields.title });
  await title.fill('Drying linen flat');

  const kept = answerNext(page, false);
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  expect(await kept).toBe(UNSAVED);
  await expect(page.getByRole('heading', { name: en.add })).toBeVisible();
  await expect(title).toHaveValue('Drying linen flat');

  const left = answerNext(page, true);
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  expect(await left).toBe(UNSAVED);
  await expect(page.getByText('Please use the sidebar to navigate')).toBeVisible();
});

test('a saved form is left without a question', async ({ page }) => {
  await signIn(page, 'editor');
  await page.getByRole('menuitem', { name: en.add }).click();
  await page.getByRole('textbox', { name: en.fields.title }).fill(`Ironing ${Date.now()}`);
  await page.getByRole('textbox', { name: en.fields.body, exact: true }).fill('Iron while damp.');
  await page.getByRole('combobox', { name: new RegExp(`^${en.fields.fabric}`) }).click();
  await page.getByRole('option', { name: en.options!.fabric!.linen, exact: true }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: en.edit })).toBeVisible();
  let asked = '';
  page.on('dialog', (d) => {
    asked = d.message();
    void d.dismiss();
  });
  await page.getByRole('menuitem', { name: 'Dashboard' }).click();
  await expect(page.getByText('Please use the sidebar to navigate')).toBeVisible();
  expect(asked).toBe('');
});
