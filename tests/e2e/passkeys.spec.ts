import { expect, request, test, type Page } from '@playwright/test';
import { messages as en, format } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { addAuthenticator, newStaff, type Staff } from './helpers';
import { PASSWORD, users } from './users';

// Passkeys in Chromium with a virtual authenticator (the DevTools protocol's WebAuthn domain): added, named
// and removed under Account Settings → Passkeys, and 'Sign in with a passkey' on the sign-in page, in English and
// Swedish.

/** The account events of a person, as the admin reads them from Activity's API: [action, method or passkey name]. */
async function accountEvents(baseURL: string, uid: string): Promise<string[][]> {
  const ctx = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  try {
    expect(
      (await ctx.post('/api/auth/sign-in/email', { data: { email: users.admin.email, password: PASSWORD } })).status(),
    ).toBe(200);
    const res = await ctx.get(`/api/history?kind=account&person=${uid}`);
    const items = ((await res.json()) as { items: { action: string; diff: Record<string, [unknown, unknown]> }[] })
      .items;
    return items.map((e) => [e.action, String(e.diff.method?.[1] ?? e.diff.passkey?.[1] ?? '')]).reverse();
  } finally {
    await ctx.dispose();
  }
}

/**
 * Collects the browser console's warnings and errors (the console must have none), but Chromium's own line for each
 * request refused with 401 (a passkey refused, a session ended on purpose).
 */
function consoleProblems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() !== 'warning' && msg.type() !== 'error') return;
    if (/^Failed to load resource: the server responded with a status of 401\b/.test(msg.text())) return;
    seen.push(`${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => seen.push(`pageerror: ${err.message}`));
  return seen;
}

async function signInWithPassword(page: Page, who: Staff, t: typeof en): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel(t.signin.email).fill(who.email);
  await page.getByLabel(t.signin.password, { exact: false }).first().fill(who.password);
  await page.getByRole('button', { name: t.signin.submit, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}

test('English: add and rename a passkey in My Account, sign in with it, remove it, and Activity says so', async ({
  page,
  baseURL,
}) => {
  const problems = consoleProblems(page);
  const maj = await newStaff(baseURL!, 'Maj', 'Ek');
  await addAuthenticator(page);
  await signInWithPassword(page, maj, en);
  await page.getByRole('menuitem', { name: en.menu.myAccount }).click();
  await page.getByRole('link', { name: en.account.passkeys.title }).click();
  await expect(page).toHaveURL(/\/settings\/passkeys$/);
  await expect(page.getByText(en.account.passkeys.empty)).toBeVisible();

  // A name is asked for first; then the browser makes the passkey (the virtual authenticator says yes at once).
  const form = page.getByRole('form', { name: en.account.passkeys.add });
  await form.getByRole('button', { name: en.account.passkeys.add }).click();
  await expect(form.getByText(en.account.passkeys.nameRequired)).toBeVisible();
  await form.getByLabel(en.account.passkeys.newName).fill('Work laptop');
  await form.getByRole('button', { name: en.account.passkeys.add }).click();
  await expect(page.getByText(en.account.passkeys.addedDone)).toBeVisible();
  const table = page.getByRole('table', { name: en.account.passkeys.title });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('cell', { name: 'Work laptop', exact: true })).toBeVisible();

  // The same device again: the browser refuses it, and the console says why.
  await form.getByLabel(en.account.passkeys.newName).fill('Work laptop again');
  await form.getByRole('button', { name: en.account.passkeys.add }).click();
  await expect(page.getByText(en.account.passkeys.alreadyAdded)).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);

  await table.getByRole('button', { name: format(en.account.passkeys.renameOf, { name: 'Work laptop' }) }).click();
  const dialog = page.getByRole('dialog', { name: format(en.account.passkeys.renameOf, { name: 'Work laptop' }) });
  await dialog.getByLabel(en.account.passkeys.name).fill('Office laptop');
  await dialog.getByRole('button', { name: en.account.passkeys.save }).click();
  await expect(page.getByText(en.account.passkeys.renamed)).toBeVisible();
  await expect(table.getByRole('cell', { name: 'Office laptop', exact: true })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('passkeys-en.png') });

  // Signed out (the cookie gone), the sign-in page signs in with the passkey alone: no email, no password.
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByRole('button', { name: en.signin.passkey }).click();
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();

  await page.goto('/settings/passkeys');
  await table.getByRole('button', { name: format(en.account.passkeys.removeOf, { name: 'Office laptop' }) }).click();
  await expect(page.getByText(en.account.passkeys.removed)).toBeVisible();
  await expect(page.getByText(en.account.passkeys.empty)).toBeVisible();

  // The device still holds the credential, but the console no longer knows it.
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByRole('button', { name: en.signin.passkey }).click();
  await expect(page.getByText(en.signin.passkeyFailure)).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/);

  expect(await accountEvents(baseURL!, maj.uid)).toEqual([
    ['signedIn', 'password'],
    ['passkeyAdded', 'Work laptop'],
    ['passkeyRenamed', 'Office laptop'],
    ['signedIn', 'passkey'],
    ['passkeyRemoved', 'Office laptop'],
    // The refused try names no account: the passkey it offered belongs to none any more.
  ]);
  expect(problems).toEqual([]);
});

test(
  'Swedish: a passkey added under Lösennycklar signs in ' + 'with “Logga in med lösennyckel”, and Activity reads it',
  async ({ page, baseURL }) => {
    const problems = consoleProblems(page);
    const bo = await newStaff(baseURL!, 'Maj', 'Falk');
    await addAuthenticator(page);
    await signInWithPassword(page, bo, en);
    await page.getByRole('button', { name: bo.name }).click();
    await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
    await page.getByRole('menuitem', { name: sv.menu.myAccount }).click();
    await page.getByRole('link', { name: sv.account.passkeys.title }).click();
    await expect(page.getByText(sv.account.passkeys.empty)).toBeVisible();
    const form = page.getByRole('form', { name: sv.account.passkeys.add });
    await form.getByLabel(sv.account.passkeys.newName).fill('Telefon');
    await form.getByRole('button', { name: sv.account.passkeys.add }).click();
    await expect(page.getByText(sv.account.passkeys.addedDone)).toBeVisible();
    const table = page.getByRole('table', { name: sv.account.passkeys.title });
    await expect(table.getByRole('columnheader')).toHaveText([
      sv.account.passkeys.name,
      sv.account.passkeys.added,
      sv.common.actions,
    ]);
    await expect(table.getByRole('cell', { name: 'Telefon', exact: true })).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('passkeys-sv.png') });

    await page.context().clearCookies();
    await page.goto('/signin');
    await page.getByRole('button', { name: sv.signin.passkey }).click();
    await expect(page.getByText(sv.dashboard.hint)).toBeVisible();
    expect(await accountEvents(baseURL!, bo.uid)).toEqual([
      ['signedIn', 'password'],
      ['passkeyAdded', 'Telefon'],
      ['signedIn', 'passkey'],
    ]);
    expect(problems).toEqual([]);
  },
);
