import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { addAuthenticator, newStaff, signIn, type Staff } from './helpers';
import { serious } from './axe';

// Account Settings → Sessions and → Passkeys: on a phone neither scrolls sideways (they are lists
// there), nor at any width between (a phone on its side, a tablet: the sidebar leaves the card too little for the
// table), and on a wide screen every header cell of their tables has a name (axe's empty-table-header, a minor rule
// the serious-only sweep of a11y.spec.ts does not report).

/** How far the page reaches past the window's width, in CSS pixels (0 when nothing scrolls sideways). */
const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Signs a new colleague in with a virtual authenticator and adds one passkey, so both screens have rows. */
async function withPasskey(page: Page, baseURL: string, last: string): Promise<Staff> {
  const staff = await newStaff(baseURL, 'Vera', last);
  await addAuthenticator(page);
  await signIn(page, staff, staff.password);
  await page.goto('/settings/passkeys');
  const form = page.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Name of the new passkey').fill('A phone with a rather long name for its passkey');
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(page.getByText('Passkey added')).toBeVisible();
  return staff;
}

test.describe('on a phone, 390 px wide', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Sessions and Passkeys are lists that do not scroll sideways, with no serious axe violation', async ({
    page,
    baseURL,
  }) => {
    await withPasskey(page, baseURL!, 'Lind');
    const passkeys = page.getByRole('list', { name: 'Passkeys' });
    await expect(passkeys.getByRole('listitem')).toHaveCount(1);
    await expect(passkeys.getByRole('button', { name: /^Remove A phone/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflow(page)).toBe(0);
    expect(await serious(page)).toEqual([]);

    await page.goto('/settings/sessions');
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await expect(sessions.getByRole('listitem').first()).toBeVisible();
    await expect(sessions.getByText('This browser')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await overflow(page)).toBe(0);
    expect(await serious(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('phone-sessions.png') });
  });
});

/**
 * Widths of windows staff use with the sidebar open (from 600 px): tablets (600, 744, 820, 1024), phones on their side
 * (667, 844, 932) and laptops. Below 600 the sidebar is a drawer; phones upright (320, 390) are opened afresh, as a
 * narrowed window would open the drawer over the page.
 */
const WIDE = [1280, 1024, 1000, 932, 900, 844, 820, 744, 667, 600];
const PHONE = [390, 320];

test('Sessions and Passkeys scroll sideways at no width from 320 to 1280 px: a table if it fits, else a list', async ({
  page,
  baseURL,
}) => {
  await withPasskey(page, baseURL!, 'Berg');
  for (const [path, name] of [
    ['/settings/passkeys', 'Passkeys'],
    ['/settings/sessions', 'Sessions'],
  ] as const) {
    /** How far the page scrolls sideways, and whether the items are a table or a list. */
    const state = async () => ({
      sideways: await overflow(page),
      shape: (await page.getByRole('table', { name }).count()) > 0 ? 'table' : 'list',
    });
    await page.setViewportSize({ width: WIDE[0]!, height: 800 });
    await page.goto(path);
    await expect(page.getByRole('table', { name })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The window narrowed step by step, as a window is resized or a tablet turned: the page follows without a reload.
    for (const width of [...WIDE, ...PHONE]) {
      await page.setViewportSize({ width, height: 800 });
      if (PHONE.includes(width)) {
        await page.goto(path);
        await expect(page.getByRole('list', { name })).toBeVisible();
      }
      // Only the widest leaves the card room for the table (with the side menu beside the card from 900 px).
      await expect
        .poll(state, { message: `${path} at ${width} px` })
        .toEqual({ sideways: 0, shape: width >= 1280 ? 'table' : 'list' });
    }
  }
  await page.screenshot({ path: test.info().outputPath('sessions-320.png') });
});

test('on a wide screen, every header cell of the Sessions and Passkeys tables has a name', async ({
  page,
  baseURL,
}) => {
  await withPasskey(page, baseURL!, 'Holm');
  const empty = async (): Promise<string[]> =>
    (await new AxeBuilder({ page }).withRules(['empty-table-header']).analyze()).violations.flatMap((v) =>
      v.nodes.map((n) => n.target.join(' ')),
    );
  await expect(page.getByRole('table', { name: 'Passkeys' })).toBeVisible();
  expect(await empty()).toEqual([]);
  await page.goto('/settings/sessions');
  await expect(page.getByRole('table', { name: 'Sessions' })).toBeVisible();
  expect(await empty()).toEqual([]);
});
