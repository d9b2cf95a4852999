import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { messages as en } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { format } from '../../domain/messages';
import { outbox } from '../server/helpers/mail';

/** A text as a regular expression matching it to the letter. */
const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
import { ADA, newStaff, seenByAdmin, signIn, type Staff } from './helpers';

// In Chromium: change password (English), sessions (Swedish), an admin's 'Sign out everywhere' and the
// sign-in events on Activity. Each test makes its own colleague through the invite flow, so a retry starts afresh.

/** A page in a browser context of its own (its own cookies: another device), signed in as `who`. */
async function elsewhere(browser: Browser, who: Staff): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, who, who.password);
  return page;
}

/** Whether a page's session still works: a reload of a signed-in screen stays, or lands on the sign-in page. */
async function signedOut(page: Page): Promise<void> {
  await page.goto('/settings/account');
  await expect(page).toHaveURL(/\/signin$/);
}

test('change password in My Account: other sessions end, this one stays, and a mail says when and from where', async ({
  page,
  browser,
  baseURL,
}) => {
  const eva = await newStaff(baseURL!, 'Tove', 'Lind');
  const other = await elsewhere(browser, eva);
  await signIn(page, eva, eva.password);
  await page.getByRole('menuitem', { name: en.menu.myAccount }).click();
  const form = page.getByRole('form', { name: en.account.password.title });
  await expect(page.getByRole('heading', { name: en.account.password.title })).toBeVisible();

  // A wrong current password is said beside that field, and nothing changes.
  await form.getByLabel(en.account.password.current).fill('not my password');
  await form.getByLabel(new RegExp(`^${en.account.password.next}`)).fill('my new password 2');
  await form.getByLabel(en.account.password.confirm).fill('my new password 2');
  await form.getByRole('button', { name: en.account.password.submit }).click();
  await expect(form.getByText(en.account.password.wrong)).toBeVisible();

  await form.getByLabel(en.account.password.current).fill(eva.password);
  await form.getByRole('button', { name: en.account.password.submit }).click();
  await expect(form.getByText(en.account.password.done)).toBeVisible();
  await expect(form.getByLabel(en.account.password.current)).toHaveValue('');
  await page.screenshot({ path: test.info().outputPath('change-password.png') });

  await signedOut(other);
  await page.reload();
  await expect(page.getByRole('heading', { name: en.account.pageTitle })).toBeVisible();
  const mail = outbox(E2E_DATA_DIR).find(
    (m) => m.to.includes(eva.email) && m.subject === en.mail.passwordChangedSubject,
  );
  expect(mail?.text).toMatch(/UTC, from the address (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)/);
  await signIn(other, eva, 'my new password 2');
});

test('Sessions in Swedish: each listed, this one marked, one signed out, then everywhere else', async ({
  page,
  browser,
  baseURL,
}) => {
  const olle = await newStaff(baseURL!, 'Tove', 'Holm');
  const phone = await elsewhere(browser, olle);
  const tablet = await elsewhere(browser, olle);
  await signIn(page, olle, olle.password);
  await page.getByRole('button', { name: olle.name }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  await page.getByRole('menuitem', { name: sv.menu.myAccount }).click();
  await page.getByRole('link', { name: sv.account.sessions.title }).click();
  await expect(page).toHaveURL(/\/settings\/sessions$/);

  const table = page.getByRole('table', { name: sv.account.sessions.title });
  await expect(table.getByRole('columnheader')).toHaveText([
    sv.account.sessions.browser,
    sv.account.sessions.address,
    sv.account.sessions.signedIn,
    sv.account.sessions.lastUsed,
    sv.common.actions,
  ]);
  const rows = table.getByRole('row').filter({ has: page.getByRole('button') });
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: sv.account.sessions.thisOne })).toHaveCount(1);
  await expect(rows.first()).toContainText(/Chrome \d+ på Linux/);
  await page.screenshot({ path: test.info().outputPath('sessions-sv.png') });

  // Sign out one of the others (the newest is listed first: the tablet signed in after the phone, before this one).
  await rows
    .filter({ hasNotText: sv.account.sessions.thisOne })
    .first()
    .getByRole('button', { name: /^Logga ut / })
    .click();
  await expect(page.getByText(sv.account.sessions.ended)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await signedOut(tablet);

  await page.getByRole('button', { name: sv.account.sessions.signOutOthers }).click();
  await expect(page.getByText(sv.account.sessions.endedOthers)).toBeVisible();
  await expect(rows).toHaveCount(1);
  await expect(page.getByRole('button', { name: sv.account.sessions.signOutOthers })).toBeDisabled();
  await signedOut(phone);
  await page.reload();
  await expect(rows).toHaveCount(1);
});

test('an admin signs a colleague out everywhere from Edit User, and Activity shows the sign-in events', async ({
  page,
  browser,
  baseURL,
}) => {
  const sam = await newStaff(baseURL!, 'Tove', 'Strand');
  const theirs = await elsewhere(browser, sam);
  // A failed try first, so Activity has one to show.
  const tries = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect(
    (
      await tries.post('/api/auth/sign-in/email', { data: { email: sam.email, password: 'wrong password 9' } })
    ).status(),
  ).toBe(401);
  await tries.dispose();

  await signIn(page, 'admin');
  await page.getByRole('menuitem', { name: 'Search User' }).click();
  await page.getByLabel('User email').fill(sam.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { name: en.users.editTitle })).toBeVisible();
  await page.getByRole('button', { name: en.users.endSessions }).click();
  const dialog = page.getByRole('dialog', { name: format(en.users.endSessionsTitle, { name: sam.name }) });
  await dialog.getByRole('button', { name: en.users.endSessions }).click();
  await expect(page.getByText(format(en.users.sessionsEnded, { n: 1 }))).toBeVisible();
  await signedOut(theirs);

  await page.getByRole('menuitem', { name: en.menu.activity }).click();
  await page.getByRole('combobox', { name: en.activity.person }).click();
  await page.getByRole('option', { name: sam.name }).click();
  await page.getByRole('combobox', { name: en.activity.kind }).click();
  await page.getByRole('option', { name: en.activity.kinds.account }).click();
  const list = page.getByRole('list', { name: en.activity.title });
  await expect(
    list.getByText(
      new RegExp(`^${escaped(seenByAdmin(sam))} signed in with a password from .+ \\(Chrome \\d+, Linux\\)$`),
    ),
  ).toHaveCount(1);
  await expect(list.getByText(new RegExp(`^A sign-in as ${escaped(seenByAdmin(sam))} failed, from `))).toHaveCount(1);
  await page.getByRole('combobox', { name: en.activity.event }).click();
  await page.getByRole('option', { name: en.activity.events.signInFailed }).click();
  await expect(list.getByText(/signed in with a password/)).toHaveCount(0);
  await expect(list.getByText(new RegExp(`^A sign-in as ${escaped(seenByAdmin(sam))} failed`))).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('activity-signins.png') });
  // The admin's own action is theirs: under Ada Admin, naming Sam.
  await page.getByRole('combobox', { name: en.activity.person }).click();
  await page.getByRole('option', { name: 'Ada Admin' }).click();
  await page.getByRole('combobox', { name: en.activity.event }).click();
  await page.getByRole('option', { name: en.activity.events.sessionsEnded }).click();
  await expect(list.getByText(`${ADA} signed ${sam.name} out everywhere; sessions ended: 1`)).toBeVisible();
});
