import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { messages as en } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { SERVER_NODE_FLAGS } from '../../scripts/serverBundle.mjs';
import { base32, totp, wrongCode } from '../fixtures/totp';
import { newStaff, seenByAdmin, signIn } from './helpers';
import { serious } from './axe';

// In Chromium: two-factor sign-in turned on in My Account (QR code drawn in the page, the secret as
// text, codes computed here from that secret), the sign-in's code and recovery-code steps, in English and Swedish;
// and REQUIRE_2FA on a second server of the same build, where a new admin is signed in only to the set-up page.

/**
 * Turns on the authenticator app on the Two-factor sign-in page: returns the secret read from the page and the recovery
 * codes.
 */
async function turnOn(
  page: Page,
  m: typeof en,
  password: string,
  axe = false,
): Promise<{ secret: Buffer; codes: string[]; used: string }> {
  const section = page.getByRole('form', { name: m.twoFactor.title });
  await section.getByLabel(m.twoFactor.password).fill(password);
  await section.getByRole('button', { name: m.twoFactor.start }).click();
  await expect(section.getByRole('img', { name: m.twoFactor.qrLabel })).toBeVisible();
  if (axe) expect(await serious(page)).toEqual([]);
  const secret = base32(((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, ''));
  expect(secret.length).toBeGreaterThanOrEqual(20);

  // A wrong code is said beside the field; the right one turns it on and shows the ten recovery codes once.
  await section.getByLabel(m.twoFactor.code).fill(wrongCode(secret));
  await section.getByRole('button', { name: m.twoFactor.confirm }).click();
  await expect(section.getByText(m.twoFactor.wrongCode)).toBeVisible();
  const used = totp(secret);
  await section.getByLabel(m.twoFactor.code).fill(used);
  await section.getByRole('button', { name: m.twoFactor.confirm }).click();
  const list = page.getByRole('list', { name: m.twoFactor.recoveryTitle });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  if (axe) expect(await serious(page)).toEqual([]);
  const codes = (await list.getByRole('listitem').allTextContents()).map((c) => c.trim());
  await page.getByRole('button', { name: m.twoFactor.recoveryDone }).click();
  await expect(page.getByText(m.twoFactor.isOn)).toBeVisible();
  return { secret, codes, used };
}

/** The sign-in page up to the code step (a fresh page: cookies cleared, so this is the next sign-in). */
async function passwordStep(page: Page, m: typeof en, who: { email: string }, password: string): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel(m.signin.email).fill(who.email);
  await page.getByLabel(m.signin.password).fill(password);
  await page.getByRole('button', { name: m.signin.submit, exact: true }).click();
  await expect(page.getByText(m.twoFactor.signinIntro)).toBeVisible();
}

test('turn on two-factor sign-in in My Account, then sign in with a code and with a recovery code (English)', async ({
  page,
  baseURL,
}) => {
  const eva = await newStaff(baseURL!, 'Tove', 'Falk');
  await signIn(page, eva, eva.password);
  await page.getByRole('menuitem', { name: en.menu.myAccount }).click();
  await page.getByRole('link', { name: en.twoFactor.title }).click();
  await expect(page).toHaveURL(/\/settings\/two-factor$/);
  await expect(page.getByText(en.twoFactor.isOff)).toBeVisible();
  expect(await serious(page)).toEqual([]);

  // A wrong password is said beside the field.
  const section = page.getByRole('form', { name: en.twoFactor.title });
  await section.getByLabel(en.twoFactor.password).fill('not my password 9');
  await section.getByRole('button', { name: en.twoFactor.start }).click();
  await expect(section.getByText(en.twoFactor.wrongPassword)).toBeVisible();
  const { secret, codes, used } = await turnOn(page, en, eva.password, true);
  await page.screenshot({ path: test.info().outputPath('two-factor-on.png') });

  // The next sign-in asks for the code: a wrong one is refused, the right one signs in.
  await passwordStep(page, en, eva, eva.password);
  await page.screenshot({ path: test.info().outputPath('two-factor-signin.png') });
  expect(await serious(page)).toEqual([]);
  await page.getByLabel(en.twoFactor.code).fill(wrongCode(secret));
  await page.getByRole('button', { name: en.twoFactor.verify }).click();
  await expect(page.getByText(en.twoFactor.wrongCode)).toBeVisible();
  // A code is taken once (RFC 6238 §5.2): the one that turned it on is refused; the app's next one signs in.
  await page.getByLabel(en.twoFactor.code).fill(used);
  await page.getByRole('button', { name: en.twoFactor.verify }).click();
  await expect(page.getByText(en.twoFactor.codeUsed)).toBeVisible();
  await page.getByLabel(en.twoFactor.code).fill(totp(secret, Date.now(), 1));
  await page.getByRole('button', { name: en.twoFactor.verify }).click();
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();

  // A recovery code in place of the app's, once.
  await passwordStep(page, en, eva, eva.password);
  await page.getByRole('button', { name: en.twoFactor.useRecovery }).click();
  await page.getByLabel(en.twoFactor.recoveryCode).fill(codes[0]!);
  await page.getByRole('button', { name: en.twoFactor.verify }).click();
  await expect(page.getByText(en.dashboard.hint)).toBeVisible();
  await passwordStep(page, en, eva, eva.password);
  await page.getByRole('button', { name: en.twoFactor.useRecovery }).click();
  await page.getByLabel(en.twoFactor.recoveryCode).fill(codes[0]!);
  await page.getByRole('button', { name: en.twoFactor.verify }).click();
  await expect(page.getByText(en.twoFactor.wrongCode)).toBeVisible();

  // Activity (as the admin) says how each sign-in went, and that the second factor was added.
  await signIn(page, 'admin');
  await page.goto('/info/activity');
  await expect(page.getByText(`${seenByAdmin(eva)} turned on two-factor sign-in`, { exact: false })).toBeVisible();
  await expect(
    page.getByText(`${seenByAdmin(eva)} signed in with ${en.history.methods.totp}`, { exact: false }).first(),
  ).toBeVisible();
  await expect(
    page.getByText(`${seenByAdmin(eva)} signed in with ${en.history.methods.recoveryCode}`, { exact: false }).first(),
  ).toBeVisible();
});

test('in Swedish: turn it on, sign in with a code, then turn it off with the password', async ({ page, baseURL }) => {
  const olle = await newStaff(baseURL!, 'Tove', 'Berg');
  await signIn(page, olle, olle.password);
  await page.getByRole('button', { name: olle.name }).click();
  await page.getByRole('menuitemradio', { name: 'Svenska' }).click();
  await page.getByRole('menuitem', { name: sv.menu.myAccount }).click();
  await page.getByRole('link', { name: sv.twoFactor.title }).click();
  const { secret } = await turnOn(page, sv as unknown as typeof en, olle.password);
  await page.screenshot({ path: test.info().outputPath('two-factor-sv.png') });

  await passwordStep(page, sv as unknown as typeof en, olle, olle.password);
  await page.getByLabel(sv.twoFactor.code).fill(totp(secret, Date.now(), 1));
  await page.getByRole('button', { name: sv.twoFactor.verify }).click();
  await expect(page.getByText(sv.dashboard.hint)).toBeVisible();

  await page.goto('/settings/two-factor');
  const section = page.getByRole('form', { name: sv.twoFactor.title });
  await section.getByLabel(sv.twoFactor.password).fill(olle.password);
  await section.getByRole('button', { name: sv.twoFactor.disable }).click();
  await expect(page.getByText(sv.twoFactor.disabled)).toBeVisible();
  await expect(page.getByText(sv.twoFactor.isOff)).toBeVisible();
  // The password alone signs in again.
  await page.context().clearCookies();
  await page.goto('/signin');
  await page.getByLabel(sv.signin.email).fill(olle.email);
  await page.getByLabel(sv.signin.password).fill(olle.password);
  await page.getByRole('button', { name: sv.signin.submit, exact: true }).click();
  await expect(page.getByText(sv.dashboard.hint)).toBeVisible();
});

test.describe('REQUIRE_2FA=all on a second server of the same build', () => {
  const port = Number(process.env.E2E_PORT) + 2000;
  const url = `http://localhost:${port}`;
  const dataDir = `${E2E_DATA_DIR}-require2fa`;
  const admin = { email: 'strict@example.com', password: 'a strict password 1' };
  let server: ChildProcess;

  test.beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    server = spawn(process.execPath, [...SERVER_NODE_FLAGS, join(E2E_DATA_DIR, 'app', 'server', 'main.js')], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: 'localhost',
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: 'warn',
        REQUIRE_2FA: 'all',
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
      },
    });
    for (let i = 0; i < 300; i++) {
      if (
        await fetch(`${url}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the REQUIRE_2FA server did not start');
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await new Promise((r) => server?.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('a person without a second factor lands on the set-up page and is kept there until one is set up', async ({
    page,
  }) => {
    await page.goto(`${url}/signin`);
    await page.getByLabel(en.signin.email).fill(admin.email);
    await page.getByLabel(en.signin.password).fill(admin.password);
    await page.getByRole('button', { name: en.signin.submit, exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/two-factor$/);
    await expect(page.getByText(en.twoFactor.required)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('two-factor-required.png') });

    // Any other screen's data is refused by the server, and the console brings the person back.
    await page.goto(`${url}/products/products`);
    await expect(page).toHaveURL(/\/settings\/two-factor$/);
    await expect(page.getByText(en.twoFactor.required)).toBeVisible();

    await turnOn(page, en, admin.password);
    await page.goto(`${url}/products/products`);
    await expect(page.getByRole('heading', { name: en.products.title })).toBeVisible();
  });
});
