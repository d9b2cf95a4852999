import { expect, test } from '@playwright/test';
import { mailLinkTo, resetFlags, setAppStatus, signIn } from './helpers';
import { PASSWORD, users } from './users';

test.describe('the console as a newcomer meets it', () => {
  test('sign in, dashboard, My Account, Changelog, sign out, reset the password, sign in with it', async ({ page }) => {
    // Each attempt walks as a newcomer of its own: the walk leaves the one it used renamed and with a new password.
    const { retry, repeatEachIndex } = test.info();
    const who = (['newcomer', 'newcomer2', 'newcomer3'] as const)[(retry + repeatEachIndex) % 3]!;
    await signIn(page, who);
    await expect(page.getByText('Welcome back!')).toBeVisible();
    await expect(page.getByRole('banner').getByText(/Newcomer/)).toBeVisible();

    await page.goto('/settings/account');
    await expect(page.getByLabel('Email')).toHaveValue(users[who].email);
    await page.getByLabel('First Name').fill('Noor');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await expect(page.getByRole('banner').getByText('Noor Newcomer')).toBeVisible();

    await page.goto('/info/changelog');
    await expect(page.getByText('0.1.1', { exact: false }).first()).toBeVisible();
    await expect(page.getByText('0.1.0', { exact: false }).first()).toBeVisible();

    await page
      .getByRole('banner')
      .getByRole('button', { name: /Noor Newcomer/ })
      .click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);

    const asked = Date.now() - 1000;
    await page.getByRole('link', { name: 'Forgot Password?' }).click();
    await expect(page).toHaveURL(/\/forgot$/);
    // The address changes before React shows the new page (react-router navigates in a transition): until then the
    // sign-in form, with its own Email field, is still on screen, and a busy machine once let the fill land there.
    await expect(page.getByRole('heading', { name: 'Forgot Password', level: 1 })).toBeVisible();
    // The public pages live outside react-admin, so its reset after a sign-out can no longer remount this
    // form: what is typed at once must still be there a second later.
    const email = page.getByLabel('Email');
    await email.fill(users[who].email);
    // Marked, so that a remount (a new field) would show: once the sign-out's requests are done (its reset is what
    // used to remount the form), the same field still holds what was typed.
    await email.evaluate((el) => el.setAttribute('data-typed-into', ''));
    await page.waitForLoadState('networkidle');
    await expect(page.locator('input[data-typed-into]')).toHaveValue(users[who].email);
    await page.getByRole('button', { name: 'Send Password' }).click();
    await expect(page.getByText('Password reset email was sent')).toBeVisible();

    const link = await mailLinkTo(users[who].email, asked);
    expect(link).toContain('/reset-password?token=');
    await page.goto(link);
    await page.getByRole('textbox', { name: 'New password', exact: true }).fill('a fresh linen password');
    await page.getByRole('textbox', { name: 'Repeat new password' }).fill('a fresh linen password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await expect(page.getByText('Your password was changed. Please sign in.')).toBeVisible();

    await signIn(page, who, 'a fresh linen password');
    await expect(page.getByText('Welcome back!')).toBeVisible();
  });

  test('a wrong password and an inactive user are refused with the spec message', async ({ page }) => {
    for (const [email, password] of [
      [users.editor.email, 'not the password'],
      [users.inactive.email, PASSWORD],
    ] as const) {
      await page.goto('/signin');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(password);
      await page.getByRole('button', { name: 'Sign In', exact: true }).click();
      await expect(page.getByText('Invalid details or email already in use.')).toBeVisible();
      await expect(page).toHaveURL(/\/signin$/);
    }
  });

  test('an editor who reloads stays signed in; protected pages send others to /signin', async ({ page, browser }) => {
    await signIn(page, 'editor');
    await page.goto('/info/changelog');
    await page.reload();
    await expect(page).toHaveURL(/\/info\/changelog$/);
    await expect(page.getByRole('banner').getByText('Eda Editor')).toBeVisible();

    const anonymous = await browser.newPage();
    // Signed out, nothing is refused on the way to the sign-in page: the browser's console stays empty.
    const logged: string[] = [];
    anonymous.on('console', (msg) => {
      if (msg.type() === 'warning' || msg.type() === 'error') logged.push(`${msg.type()}: ${msg.text()}`);
    });
    anonymous.on('response', (r) => {
      if (r.status() >= 400) logged.push(`${r.status()} ${r.url()}`);
    });
    await anonymous.goto('/settings/account');
    await expect(anonymous).toHaveURL(/\/signin$/);
    await expect(anonymous.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await anonymous.reload();
    await expect(anonymous.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    expect(logged).toEqual([]);
    await anonymous.close();
  });

  test('the 404 page, signed out without the frame and signed in with it', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByText("This page doesn't exist.")).toBeVisible();
    await expect(
      page.getByRole('button', { name: 'Back To Home' }).or(page.getByRole('link', { name: 'Back To Home' })),
    ).toBeVisible();
    await expect(page.getByRole('navigation')).toHaveCount(0);

    await signIn(page, 'staff');
    await page.goto('/no/such/page');
    await expect(page.getByText("This page doesn't exist.")).toBeVisible();
    await expect(page.getByRole('banner').getByText('Sam Staff')).toBeVisible();
  });

  test('the sidebar stays as it was left across a reload and a sign-out (spec: kept in local storage)', async ({
    page,
  }) => {
    await signIn(page, 'editor');
    const closeMenu = page.getByRole('button', { name: 'Close menu' });
    const openMenu = page.getByRole('button', { name: 'Open menu' });
    await closeMenu.click();
    await expect(openMenu).toBeVisible();
    await page.reload();
    await expect(page.getByText('Please use the sidebar to navigate')).toBeVisible();
    await expect(openMenu).toBeVisible();
    // A sign-out resets react-admin's store, but not this flag.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /Eda Editor/ })
      .click();
    await page.getByRole('menuitem', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/signin$/);
    await signIn(page, 'editor');
    await expect(openMenu).toBeVisible();
    // Left as it was found, for a retry.
    await openMenu.click();
    await expect(closeMenu).toBeVisible();
  });

  test('a role the user lacks shows Not allowed, and the menu mirrors roles', async ({ page, baseURL }) => {
    await resetFlags(baseURL!, users.staff.email, { isEditor: false, isAdmin: false });
    await signIn(page, 'staff');
    await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Add Product' })).toHaveCount(0);
    await expect(page.getByRole('menuitem', { name: 'Search User' })).toHaveCount(0);
    await page.goto('/users/users');
    await expect(page.getByText('Not allowed')).toBeVisible();
  });

  test('the gate: status off shows only a loader within 2 s in an open page, on brings the routes back', async ({
    page,
    baseURL,
  }) => {
    await signIn(page, 'editor');
    await expect(page.getByText('Welcome back!')).toBeVisible();
    try {
      await setAppStatus(baseURL!, false);
      await expect(page.getByRole('progressbar')).toBeVisible({ timeout: 2000 });
      await expect(page.getByText('Welcome back!')).toHaveCount(0);
    } finally {
      await setAppStatus(baseURL!, true);
    }
    await expect(page.getByText('Welcome back!')).toBeVisible({ timeout: 5000 });
  });
});
