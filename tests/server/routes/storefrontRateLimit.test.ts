import { afterEach, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../helpers/index.js';

// The feed's limit per client address (PUBLIC_REQUESTS_PER_MINUTE), and whose address that is (TRUST_PROXY). The
// limit holds no data, so one database is enough.
describe('storefront: requests per minute per address', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });
  const start = async (env: Record<string, string>) => {
    t = await startApp({
      dialect: 'sqlite',
      env: { STOREFRONT_ENABLED: 'true', PUBLIC_REQUESTS_PER_MINUTE: '5', ...env },
    });
    return t;
  };
  const feed = (app: TestApp, path: string, headers: Record<string, string> = {}) => app.api('GET', path, { headers });

  it(
    'answers 429 with Retry-After past the limit, one ' + 'budget across the feed, and leaves the console alone',
    async () => {
      const app = await start({});
      for (let i = 0; i < 3; i++) expect((await feed(app, '/api/public/products')).status).toBe(200);
      for (let i = 0; i < 2; i++) expect((await feed(app, '/api/public/texts/en')).status).toBe(200);
      const refused = await feed(app, '/api/public/products/NO-SUCH-SKU');
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({
        error: {
          code: 'throttled',
          message: expect.stringMatching(/^Too many requests from this address\. Please try again in \d+ seconds\.$/),
        },
      });
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(60);
      // In the caller's language too.
      expect((await feed(app, '/api/public/products', { 'accept-language': 'sv-SE' })).json.error.message).toMatch(
        /^För många anrop/,
      );
      // The console's own routes are not counted.
      expect((await app.api('GET', '/api/health')).status).toBe(200);
    },
  );

  it('without TRUST_PROXY, X-Forwarded-For gives no new budget: the connection’s address counts', async () => {
    const app = await start({});
    for (let i = 0; i < 5; i++)
      expect((await feed(app, '/api/public/products', { 'x-forwarded-for': `203.0.113.${i}` })).status).toBe(200);
    expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '198.51.100.7' })).status).toBe(429);
  });

  it('with TRUST_PROXY=true, each address in X-Forwarded-For has its own budget', async () => {
    const app = await start({ TRUST_PROXY: 'true' });
    for (let i = 0; i < 5; i++)
      expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '203.0.113.1' })).status).toBe(200);
    expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '203.0.113.1' })).status).toBe(429);
    expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '203.0.113.2' })).status).toBe(200);
  });

  it('with TRUST_PROXY naming the proxy, the address before it counts', async () => {
    const app = await start({ TRUST_PROXY: '127.0.0.1' });
    for (let i = 0; i < 5; i++)
      expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(200);
    expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '203.0.113.9' })).status).toBe(429);
    expect((await feed(app, '/api/public/products', { 'x-forwarded-for': '203.0.113.10' })).status).toBe(200);
  });

  it('PUBLIC_REQUESTS_PER_MINUTE=0 turns the limit off', async () => {
    const app = await start({ PUBLIC_REQUESTS_PER_MINUTE: '0' });
    for (let i = 0; i < 12; i++) expect((await feed(app, '/api/public/products')).status).toBe(200);
  });
});
