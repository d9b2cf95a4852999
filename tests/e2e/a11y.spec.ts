import { expect, test, type Page } from '@playwright/test';
import { addAuthenticator, signIn } from './helpers';
import type { UserKey } from './users';
import { serious } from './axe';

// Every screen, checked with axe-core: no serious or critical violation, signed in as an admin and as an editor
// (the screens each may open), and the public pages signed out.

/** Opens a path and waits until its first heading is there and the network is quiet. */
async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** The first record's edit page, reached from its list, and what axe finds there. */
async function editPage(page: Page, list: string, heading: string): Promise<string[]> {
  await open(page, list);
  await page.getByRole('link', { name: /^EDIT/ }).first().click();
  await expect(page.getByRole('heading', { name: heading })).toBeVisible();
  await page.waitForLoadState('networkidle');
  return (await serious(page)).map((v) => `${heading}: ${v}`);
}

/**
 * The screens, a few to a test so each stays well inside its budget on a loaded machine (fourteen in one test ran out
 * of 60 s there): each group's screens that the role opens.
 */
const groups: [string, string[]][] = [
  ['the dashboard and the product list', ['/', '/products/products']],
  ['adding and searching products', ['/products/add-product/', '/products/search']],
  ['the languages', ['/languages/english', '/languages/swedish']],
  ['the account settings and the changelog', ['/settings/account', '/info/changelog']],
  ['the users, and a page not found', ['/users/users', '/users/search', '/no/such/page']],
  // The described resources' pages come from one set of components: a list, an add page and an import page.
  ['the described resources', ['/careguides/list', '/careguides/add', '/suppliers/import']],
];
/** The screens only an admin opens (an editor sees the user list, read-only). */
const adminOnly = new Set(['/users/search', '/no/such/page']);
const byRole: [UserKey, (path: string) => boolean][] = [
  ['admin', () => true],
  ['editor', (path) => !adminOnly.has(path)],
];

/** What axe finds on each of `paths`, opened in turn. */
async function screens(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await open(page, path);
    for (const v of await serious(page)) found.push(`${path}: ${v}`);
  }
  return found;
}

/** The WCAG contrast ratio of two CSS rgb() colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string): number => {
    const [r, g, bl] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((c) => {
      const v = Number(c) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

test("'Skip to content', shown by the first Tab, can be read (AA contrast of its text on its background)", async ({
  page,
}) => {
  await signIn(page, 'editor');
  await open(page, '/products/products');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('button', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  const { color, background } = await skip.evaluate((el) => {
    const style = getComputedStyle(el);
    return { color: style.color, background: style.backgroundColor };
  });
  expect(contrast(color, background), `${color} on ${background}`).toBeGreaterThanOrEqual(4.5);
});

for (const [who, opens] of byRole) {
  test.describe(`signed in as an ${who}`, () => {
    for (const [name, paths] of groups) {
      const mine = paths.filter(opens);
      test(`${name}: no serious or critical axe violation`, async ({ page }) => {
        await signIn(page, who);
        expect(await screens(page, mine)).toEqual([]);
      });
    }

    test('the edit pages, reached from the lists: no serious or critical axe violation', async ({ page }) => {
      await signIn(page, who);
      const found = await editPage(page, '/products/products', 'Edit Product');
      if (who === 'admin') found.push(...(await editPage(page, '/users/users', 'Edit User')));
      await page.screenshot({ path: test.info().outputPath(`${who}-last.png`) });
      expect(found).toEqual([]);
    });
  });
}

test.describe('in the dark theme', () => {
  // Chosen before the first page loads, as the user menu leaves it (react-admin's store, kept in this browser).
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('RaStoreConsole.theme', JSON.stringify('dark')));
  });

  test('the public pages: no serious or critical axe violation', async ({ page }) => {
    expect(await screens(page, ['/signin', '/forgot', '/version'])).toEqual([]);
  });

  for (const [name, paths] of groups) {
    test(`signed in as an admin, ${name}: no serious or critical axe violation`, async ({ page }) => {
      await signIn(page, 'admin');
      expect(await screens(page, paths)).toEqual([]);
    });
  }

  test('the product edit page: no serious or critical axe violation, and it is the dark theme', async ({ page }) => {
    await signIn(page, 'admin');
    const found = await editPage(page, '/products/products', 'Edit Product');
    // It is the dark theme that was checked: the page is dark, and the menu says so.
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(contrast(background, 'rgb(0, 0, 0)')).toBeLessThan(1.5);
    await page.getByRole('button', { name: 'Ada Admin' }).click();
    await expect(page.getByRole('menuitemcheckbox', { name: 'Dark theme' })).toHaveAttribute('aria-checked', 'true');
    await page.screenshot({ path: test.info().outputPath('dark-edit-product.png') });
    expect(found).toEqual([]);
  });
});

test('the public pages have no serious or critical axe violation', async ({ page }) => {
  expect(await screens(page, ['/signin', '/forgot', '/reset-password?token=x', '/version'])).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  test('the simple lists have no serious or critical axe violation', async ({ page }) => {
    await signIn(page, 'admin');
    const found: string[] = [];
    for (const path of ['/products/products', '/users/users']) {
      await open(page, path);
      for (const v of await serious(page)) found.push(`${path}: ${v}`);
    }
    await page.screenshot({ path: test.info().outputPath('phone-users.png') });
    expect(found).toEqual([]);
  });
});

test('Account Settings → Sessions and its side menu have no serious or critical axe violation', async ({ page }) => {
  await signIn(page, 'staff');
  await open(page, '/settings/sessions');
  await expect(page.getByRole('table', { name: 'Sessions' })).toBeVisible();
  expect(await serious(page)).toEqual([]);
});

test(
  'Account Settings → Passkeys (its add form and the ' + 'rename dialog) has no serious or critical axe violation',
  async ({ page }) => {
    await signIn(page, 'staff');
    await addAuthenticator(page);
    await open(page, '/settings/passkeys');
    const form = page.getByRole('form', { name: 'Add a passkey' });
    await expect(form).toBeVisible();
    expect(await serious(page)).toEqual([]);
    await form.getByLabel('Name of the new passkey').fill('Axe laptop');
    await form.getByRole('button', { name: 'Add a passkey' }).click();
    // Checked when still: the toast gone and the dialog faded in (a half-faded text fails contrast for no lasting
    // reason).
    await expect(page.getByText('Passkey added')).toBeVisible();
    await expect(page.getByText('Passkey added')).toBeHidden({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Rename Axe laptop' }).click();
    await expect(page.getByRole('dialog', { name: 'Rename Axe laptop' })).toBeVisible();
    await expect(page.locator('.MuiDialog-container')).toHaveCSS('opacity', '1');
    expect(await serious(page)).toEqual([]);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Remove Axe laptop' }).click();
    await expect(page.getByText('No passkeys yet.')).toBeVisible();
  },
);
