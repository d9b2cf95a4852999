import { expect, request, test, type Page } from '@playwright/test';
import { messages as en } from '../../domain/messages';
import { sv } from '../../domain/messages.sv';
import { signIn } from './helpers';
import { users, PASSWORD } from './users';
import { serious } from './axe';

// The dashboard's chart of changes per day, for both roles, in both languages and both themes at 390 px: no sideways
// scroll, its numbers as a table, no serious axe finding; and figures that follow a change made elsewhere, live.
test.use({ viewport: { width: 390, height: 844 } });

const overflow = (page: Page): Promise<number> =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const who of ['admin', 'editor'] as const)
  for (const locale of ['en', 'sv'] as const)
    for (const theme of ['light', 'dark'] as const)
      test(`${who}, ${locale}, ${theme}: the chart and its table at 390 px, no serious axe finding`, async ({
        page,
      }) => {
        const m = locale === 'sv' ? sv : en;
        await page.addInitScript((t) => localStorage.setItem('RaStoreConsole.theme', JSON.stringify(t)), theme);
        await signIn(page, who);
        // The language once signed in (the sign-in helper speaks English), kept for the next page.
        await page.evaluate((l) => localStorage.setItem('console.locale', l), locale);
        await page.goto('/');
        const chart = page.getByRole('region', { name: m.dashboard.perDay });
        await expect(chart).toBeVisible();
        // The demo catalogue was made by people today: the table has a row for today, its total a number.
        const table = chart.getByRole('table', { name: m.dashboard.perDayTable });
        await expect(table.getByRole('columnheader', { name: m.dashboard.changesTotal })).toBeAttached();
        await expect(table.getByRole('row')).not.toHaveCount(0);
        await expect(chart.locator('svg').first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        expect(await overflow(page)).toBe(0);
        expect(await serious(page)).toEqual([]);
        await page.screenshot({ path: test.info().outputPath('dashboard.png'), fullPage: true });
      });

test('the figures follow a change made elsewhere without a reload (the live feed)', async ({ page, baseURL }) => {
  await signIn(page, 'editor');
  await page.goto('/');
  const card = page.getByRole('region', { name: 'Products at a glance' });
  const active = card.getByRole('link', { name: / Active$/ });
  await expect(active).toBeVisible();
  const before = Number((await active.textContent())!.replace(/\D/g, ''));
  // Another session (the API, as the editor) disables an active product: the open page hears it, not its 30 s timer.
  const api = await request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const patch = async (p: { id: string; version: number }, on: boolean): Promise<number> => {
    const res = await api.patch(`/api/products/${p.id}`, {
      data: { active: on },
      headers: { 'if-match': `"${p.version}"` },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { version: number }).version;
  };
  try {
    const signedIn = await api.post('/api/auth/sign-in/email', {
      data: { email: users.editor.email, password: PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const list = (await (await api.get('/api/products?active=true&limit=50')).json()) as {
      items: { id: string; version: number; activeFrom: string | null; activeUntil: string | null }[];
    };
    const one = list.items.find((p) => !p.activeFrom && !p.activeUntil)!;
    const version = await patch(one, false);
    await expect(active).toHaveText(new RegExp(`^${before - 1}\\D`), { timeout: 10_000 });
    await patch({ id: one.id, version }, true);
    await expect(active).toHaveText(new RegExp(`^${before}\\D`), { timeout: 10_000 });
  } finally {
    await api.dispose();
  }
});
