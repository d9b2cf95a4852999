import { createServer } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_SHOP_PORT } from '../../playwright.config';

/** A shop's page on another origin that reads the catalogue from the console's public feed in the browser. */
const shopPage = (
  feed: string,
): string => `<!doctype html><html><head><title>Shop</title></head><body><h1>Shop</h1><ul id="items"></ul>
<script>
fetch(${JSON.stringify(feed)}).then((r) => r.json()).then((page) => {
  for (const p of page.items) {
    const li = document.createElement('li');
    li.textContent = p.name + ' · ' + p.price;
    const img = document.createElement('img');
    img.src = p.thumbnails[0];
    img.alt = p.name;
    li.append(img);
    document.getElementById('items').append(li);
  }
  document.body.dataset.loaded = 'yes';
}, (e) => { document.body.dataset.loaded = 'failed: ' + e; });
</script></body></html>`;

test('a shop page on the allowed origin reads active products and shows their thumbnails, in Chromium', async ({
  page,
  baseURL,
}) => {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(shopPage(`${baseURL}/api/public/products?limit=5`)),
  );
  await new Promise<void>((resolve) => server.listen(E2E_SHOP_PORT, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${E2E_SHOP_PORT}/`);
    await expect(page.locator('body')).toHaveAttribute('data-loaded', 'yes');
    const items = page.getByRole('listitem');
    await expect(items).toHaveCount(5);
    // Each thumbnail loaded (naturalWidth is 0 for an image that did not).
    const widths = await page
      .locator('#items img')
      .evaluateAll((imgs) =>
        Promise.all((imgs as HTMLImageElement[]).map((i) => i.decode().then(() => i.naturalWidth))),
      );
    expect(widths.every((w) => w > 0)).toBe(true);
  } finally {
    server.close();
  }
});

test('a page on any other origin cannot read the feed', async ({ page, baseURL }) => {
  const server = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html' }).end(shopPage(`${baseURL}/api/public/products?limit=5`)),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    await page.goto(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    await expect(page.locator('body')).toHaveAttribute('data-loaded', /^failed/);
    await expect(page.getByRole('listitem')).toHaveCount(0);
  } finally {
    server.close();
  }
});
