import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { signIn } from './helpers';
import { serious } from './axe';

/** A receiver on 127.0.0.1 that keeps each POST's signature header and raw body. */
async function receiver(): Promise<{ url: string; got: { signature: string; body: string }[]; server: Server }> {
  const got: { signature: string; body: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      got.push({ signature: String(req.headers['console-signature']), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook-${Date.now()}`, got, server };
}

/** Serious or critical axe violations on the page as it is (WCAG 2.1 A and AA), as tests/e2e/a11y.spec.ts checks. */
test('an admin adds a receiver, sends a test event and sees it delivered, signed with the secret shown once', async ({
  page,
  context,
}) => {
  const r = await receiver();
  // The Copy button writes to the clipboard; reading it back needs the permission a person's browser would ask for.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  try {
    await signIn(page, 'admin');
    await page.getByRole('menuitem', { name: 'Webhooks' }).click();
    await expect(page).toHaveURL(/\/settings\/webhooks$/);
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    // The server's refusal, beside the address.
    await page.getByRole('textbox', { name: 'Receiver address' }).fill('ftp://shop.example/hook');
    await page.getByRole('button', { name: 'Add receiver' }).click();
    await expect(
      page.getByText('Must be an http:// or https:// address without a user name or password'),
    ).toBeVisible();

    await page.getByRole('textbox', { name: 'Receiver address' }).fill(r.url);
    await page.getByRole('button', { name: 'Add receiver' }).click();
    const dialog = page.getByRole('dialog', { name: 'Signing secret' });
    const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await serious(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    const item = page.getByRole('listitem').filter({ hasText: r.url });
    await item.getByRole('button', { name: 'Send test event' }).click();
    await expect(page.getByText('Test event queued')).toBeVisible();
    const row = page.getByRole('table', { name: 'Deliveries' }).getByRole('row').filter({ hasText: r.url });
    await expect(row).toContainText('Delivered');
    await expect(row).toContainText('HTTP 204');
    expect(await serious(page)).toEqual([]);

    expect(r.got).toHaveLength(1);
    const [{ signature, body }] = r.got as [{ signature: string; body: string }];
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac('sha256', secret).update(`${t}.${body}`).digest('hex'));
    expect(JSON.parse(body)).toMatchObject({ kind: 'test', version: null });

    // The secret is not shown again: a reload lists the receiver without it.
    await page.reload();
    await expect(page.getByText(r.url).first()).toBeVisible();
    await expect(page.getByText(secret)).toHaveCount(0);

    // Removed after a confirmation, so later specs' changes are not queued for a receiver that is gone.
    await page.getByRole('listitem').filter({ hasText: r.url }).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: r.url })).toHaveCount(0);
  } finally {
    r.server.close();
  }
});

test('Settings → Webhooks is not offered to an editor, and the page says Not allowed', async ({ page }) => {
  await signIn(page, 'editor');
  await expect(page.getByRole('menuitem', { name: 'My Account' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Webhooks' })).toHaveCount(0);
  await page.goto('/settings/webhooks');
  await expect(page.getByText('Not allowed')).toBeVisible();
});
