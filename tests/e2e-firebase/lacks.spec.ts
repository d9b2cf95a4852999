import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { format, messages as en } from '../../domain/messages';
import { texts as careguidesTexts } from '../../resources/careguides/texts';

// What the Firebase build lacks, walked in Chromium (docs/firebase.md): each screen says 'Not available with the
// Firebase back end.' or offers no control before a file is chosen or a warning confirmed; and the mails the Auth
// emulator holds instead of sending are listed by `npm run firebase:local` at /emulator-mails.

const ADMIN = { email: 'admin@example.com', password: 'linen-admin-1' };
const EDITOR_EMAIL = 'editor@example.com';
const NOT_AVAILABLE = en.firebase.notAvailable;

/** E2E_SHOTS=<folder>: a full-page screenshot of each screen below, for a person to look at. */
const shot = async (page: Page, name: string): Promise<void> => {
  if (process.env.E2E_SHOTS)
    await page.screenshot({ path: join(process.env.E2E_SHOTS, `${name}.png`), fullPage: true });
};

async function signIn(page: Page): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password', { exact: false }).first().fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();
}

test('Activity and Webhooks say they are not available, with nothing failing', async ({ page }) => {
  await signIn(page);
  await page.goto('/info/activity');
  await expect(page.getByRole('heading', { name: en.activity.title })).toBeVisible();
  await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
  await expect(page.getByText(en.history.failed)).toHaveCount(0);
  await shot(page, 'activity');
  await page.goto('/settings/webhooks');
  await expect(page.getByRole('heading', { name: en.webhooks.title })).toBeVisible();
  await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
  await expect(page.getByText(en.webhooks.none)).toHaveCount(0);
  await shot(page, 'webhooks');
});

test("the lists' find boxes say so at once and point to the exact search; no product Import", async ({ page }) => {
  await signIn(page);
  await page.getByRole('menuitem', { name: en.menu.productsList, exact: true }).click();
  await expect(page.getByRole('table', { name: en.products.title }).locator('tbody tr')).toHaveCount(10);
  const find = page.getByRole('searchbox', { name: en.products.find });
  await expect(find).toBeDisabled();
  const exact = format(en.firebase.exactSearch, { page: en.products.searchTitle });
  await expect(find).toHaveAccessibleDescription(`${NOT_AVAILABLE} ${exact}`);
  await expect(page.getByRole('link', { name: en.csv.import })).toHaveCount(0);
  await expect(page.getByRole('button', { name: en.csv.export })).toBeVisible();
  await shot(page, 'products');
  await page.getByRole('link', { name: exact }).click();
  await expect(page.getByRole('heading', { name: en.products.searchTitle })).toBeVisible();
  // Reached by its address, the import page says why before a file is chosen.
  await page.goto('/products/import');
  await expect(page.getByText(NOT_AVAILABLE)).toBeVisible();
  await expect(page.getByRole('button', { name: en.csv.chooseFile })).toHaveCount(0);
  await shot(page, 'product-import');

  const guides = careguidesTexts.en;
  await page.goto('/careguides/list');
  await expect(page.getByRole('heading', { name: guides.list })).toBeVisible();
  const findGuide = page.getByRole('searchbox', { name: en.records.find });
  await expect(findGuide).toBeDisabled();
  await expect(findGuide).toHaveAccessibleDescription(
    `${NOT_AVAILABLE} ${format(en.firebase.exactSearch, { page: guides.search })}`,
  );
  await expect(page.getByText(guides.failed)).toHaveCount(0);
  await shot(page, 'careguides');
});

test("Edit User has no 'Sign out everywhere'; the text editors no Remove", async ({ page }) => {
  await signIn(page);
  await page.getByRole('menuitem', { name: 'Search User' }).click();
  await page.getByLabel('User email').fill(EDITOR_EMAIL);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(EDITOR_EMAIL);
  await expect(page.getByRole('button', { name: en.users.save })).toBeVisible();
  await expect(page.getByRole('button', { name: en.users.endSessions })).toHaveCount(0);
  await shot(page, 'edit-user');
  await page.getByRole('menuitem', { name: 'English', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'heroTitle' })).toBeVisible();
  await expect(page.getByRole('button', { name: format(en.languages.removeKey, { key: 'heroTitle' }) })).toHaveCount(0);
  await shot(page, 'language');
});

test('a reset mail the Auth emulator holds is listed at /emulator-mails and its link opens the reset page', async ({
  page,
}) => {
  await page.goto('/forgot');
  await page.getByLabel('Email').fill(EDITOR_EMAIL);
  await page.getByRole('button', { name: en.forgot.submit }).click();
  await expect(page.getByText(en.forgot.sent)).toBeVisible();
  await page.goto('/emulator-mails');
  const mail = page.getByRole('listitem').filter({ hasText: EDITOR_EMAIL }).last();
  await expect(mail).toContainText('PASSWORD_RESET');
  await shot(page, 'mails');
  await mail.getByRole('link').click();
  await expect(page.getByRole('heading', { name: en.reset.title })).toBeVisible();
  await expect(page.getByRole('textbox', { name: en.reset.password, exact: true })).toBeVisible();
});

test('the dashboard shows the figures Firestore counts and says which it cannot', async ({ page }) => {
  await signIn(page);
  const catalogue = page.getByRole('region', { name: en.dashboard.catalogue });
  await expect(catalogue.getByRole('link', { name: new RegExp(en.dashboard.total) })).toBeVisible();
  await expect(catalogue.getByText(en.dashboard.scheduled)).toBeVisible();
  await expect(catalogue.getByText(NOT_AVAILABLE).first()).toBeVisible();
  await expect(page.getByRole('region', { name: en.dashboard.perDay })).toContainText(NOT_AVAILABLE);
  await shot(page, 'dashboard');
  const staff = page.getByRole('region', { name: en.dashboard.staff });
  await staff.getByRole('link', { name: new RegExp(en.dashboard.admins) }).click();
  await expect(page.getByText(format(en.users.showing, { what: en.dashboard.admins }))).toBeVisible();
  await expect(page.getByRole('link', { name: /^EDIT/ }).first()).toBeVisible();
  await shot(page, 'dashboard-admins');
});
