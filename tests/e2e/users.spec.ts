import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { mailLinkTo, resetFlags, signIn } from './helpers';
import { users } from './users';

/** Opens the edit page of a user through Search User, as an admin would. */
async function openUser(page: Page, email: string): Promise<void> {
  await page.getByRole('menuitem', { name: 'Search User' }).click();
  await page.getByLabel('User email').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/users\/edit-user\/[^/]+$/);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email.toLowerCase());
}

/** Picks True or False in one of the edit page's flag selects. */
async function setFlag(page: Page, label: 'Active' | 'Editor' | 'Admin', value: 'True' | 'False'): Promise<void> {
  await page.getByRole('combobox', { name: new RegExp(`^${label}`) }).click();
  await page.getByRole('option', { name: value }).click();
  await expect(page.getByRole('combobox', { name: new RegExp(`^${label}`) })).toHaveText(value);
}

/** Makes sure the list has more than one page, adding colleagues through the API as the signed-in admin. */
async function atLeastUsers(request: APIRequestContext, baseURL: string, count: number): Promise<void> {
  const listed = await request.get('/api/users?limit=100');
  const have = ((await listed.json()) as { items: unknown[] }).items.length;
  for (let i = have; i < count; i++) {
    const res = await request.post('/api/users', {
      headers: { origin: baseURL },
      data: {
        email: `extra-${i}-${Date.now()}@example.com`,
        firstName: 'Extra',
        lastName: `Number${i}`,
        isEditor: false,
        isAdmin: false,
      },
    });
    expect(res.status()).toBe(201);
  }
}

test.describe('users, as an admin looks after them', () => {
  test('the list is oldest first, pages with More, and Search User opens the edit page or says there is none', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'admin');
    await atLeastUsers(page.request, baseURL!, 12);
    await page.getByRole('menuitem', { name: 'Users' }).click();
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Name',
      'Email',
      'Created',
      'User Type',
      'Active',
      'Editor',
      'Admin',
      'EDIT',
    ]);
    await expect(table.getByRole('rowheader')).toHaveCount(10);
    await expect(table.getByRole('rowheader').first()).toHaveText('Ada Admin');
    await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(users.admin.email);

    const all = (await (await page.request.get('/api/users?limit=100')).json()) as {
      items: { email: string; created: string }[];
    };
    const created = all.items.map((u) => u.created);
    expect(created).toEqual([...created].sort());
    await page.getByRole('button', { name: 'More' }).click();
    await expect(table.getByRole('rowheader')).toHaveCount(Math.min(all.items.length, 20));
    const emails = await table.getByRole('row').locator('td:first-of-type').allTextContents();
    expect(emails).toEqual(all.items.slice(0, 20).map((u) => u.email));
    if (all.items.length <= 20) await expect(page.getByRole('button', { name: 'More' })).toHaveCount(0);

    await table.getByRole('link', { name: `EDIT ${users.walker.firstName} ${users.walker.lastName}` }).click();
    await expect(page.getByRole('heading', { name: 'Edit User' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(users.walker.email);

    await openUser(page, 'Editor@Example.com');
    await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue(users.editor.firstName);
    await expect(page.getByRole('combobox', { name: /^Editor/ })).toHaveText('True');

    await page.getByRole('menuitem', { name: 'Search User' }).click();
    await page.getByLabel('User email').fill('nobody@example.com');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText('No result for nobody@example.com')).toBeVisible();
    await expect(page).toHaveURL(/\/users\/search$/);
  });

  test('turning Editor on for staff shows them Products and Languages once their page reloads', async ({
    page,
    browser,
    baseURL,
  }) => {
    await resetFlags(baseURL!, users.staff.email, { isEditor: false });
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    try {
      await signIn(staff, 'staff');
      await expect(staff.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
      await expect(staff.getByRole('menuitem', { name: 'Products' })).toHaveCount(0);

      await signIn(page, 'admin');
      await openUser(page, users.staff.email);
      await setFlag(page, 'Editor', 'True');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Updated', { exact: true })).toBeVisible();

      await staff.reload();
      await expect(staff.getByRole('menuitem', { name: 'Products' })).toBeVisible();
      await expect(staff.getByRole('menuitem', { name: 'English' })).toBeVisible();
      await expect(staff.getByRole('menuitem', { name: 'Swedish' })).toBeVisible();
      await staff.getByRole('menuitem', { name: 'Swedish' }).click();
      await expect(staff.getByRole('heading', { name: 'Language: Swedish' })).toBeVisible();
    } finally {
      await staffContext.close();
    }
  });

  test('deactivating walker throws their open page out on its next action, and sign-in refuses them', async ({
    page,
    browser,
    baseURL,
  }) => {
    await resetFlags(baseURL!, users.walker.email, { active: true });
    const walkerContext = await browser.newContext();
    const walker = await walkerContext.newPage();
    try {
      await signIn(walker, 'walker');
      await walker.getByRole('menuitem', { name: 'My Account' }).click();
      await expect(walker.getByRole('textbox', { name: 'Email' })).toHaveValue(users.walker.email);

      await signIn(page, 'admin');
      await openUser(page, users.walker.email);
      await setFlag(page, 'Active', 'False');
      await page.getByRole('button', { name: 'Save Changes' }).click();
      await expect(page.getByText('Updated', { exact: true })).toBeVisible();

      await walker.getByRole('menuitem', { name: 'Changelog' }).click();
      await expect(walker).toHaveURL(/\/signin$/);
      await walker.getByLabel('Email').fill(users.walker.email);
      await walker.getByLabel('Password').fill('linen-and-cotton-1');
      await walker.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(walker.getByText('Invalid details or email already in use.')).toBeVisible();
      await expect(walker).toHaveURL(/\/signin$/);
    } finally {
      await walkerContext.close();
    }
  });

  test('an admin cannot take away their own admin rights, and is told why', async ({ page }) => {
    await signIn(page, 'admin');
    await openUser(page, users.admin.email);
    await setFlag(page, 'Admin', 'False');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Could not update: You cannot remove your own admin rights.')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('combobox', { name: /^Admin/ })).toHaveText('True');
  });

  test('a new colleague gets a mail, sets a password from its link and signs in', async ({ page, browser }) => {
    const email = `colleague-${Date.now()}@example.com`;
    const since = Date.now() - 1000;
    await signIn(page, 'admin');
    await page.getByRole('menuitem', { name: 'Users' }).click();
    await page.getByRole('button', { name: 'Add User' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add User' });
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('First Name').fill('Cleo');
    await dialog.getByLabel('Last Name').fill('Colleague');
    await dialog.getByRole('switch', { name: 'Editor' }).check();
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Added', { exact: true })).toBeVisible();
    await expect(page.getByText('The new colleague was sent an email to set their password.')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    const link = await mailLinkTo(email, since);
    const newcomerContext = await browser.newContext();
    const newcomer = await newcomerContext.newPage();
    try {
      await newcomer.goto(link);
      // The invitation's page speaks of a first password, not a new one.
      await expect(newcomer.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await newcomer.getByLabel(/^Password/).fill('cleo sets her own password');
      await newcomer.getByLabel('Repeat password').fill('cleo sets her own password');
      await newcomer.getByRole('button', { name: 'Save password' }).click();
      await expect(newcomer.getByText('Your password is set. Please sign in.')).toBeVisible();
      await signIn(newcomer, { email }, 'cleo sets her own password');
      await expect(newcomer.getByRole('banner').getByText('Cleo Colleague')).toBeVisible();
      await expect(newcomer.getByRole('menuitem', { name: 'Products' })).toBeVisible();
      await expect(newcomer.getByRole('menuitem', { name: 'Search User' })).toHaveCount(0);
    } finally {
      await newcomerContext.close();
    }
  });
});
