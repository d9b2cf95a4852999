import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';

// No change without its entry and no entry without its change: a failure injected on either side (a database
// trigger, as tests/server/routes/productImport.test.ts does) leaves both untouched, on both databases.
describe.each(dialects())('change history: in the same transaction as the change (%s)', (dialect) => {
  let t: TestApp;
  let editor: TestUser;
  let cookie: string;
  let product: { id: string; version: number; price: string };
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('history')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  /**
   * Makes inserts or updates of `table` fail where `condition` (over `new`) holds, until the returned function is
   * called.
   */
  async function failWhen(table: string, event: 'insert' | 'update', condition: string): Promise<() => Promise<void>> {
    const name = `boom_${table}`;
    if (dialect === 'sqlite') {
      await sql
        .raw(
          `create trigger ${name} before ${event} on ${table} when ${condition} begin select raise(abort, 'boom'); end`,
        )
        .execute(t.db);
      return async () => void (await sql.raw(`drop trigger ${name}`).execute(t.db));
    }
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin ` +
          `if ${condition} then raise exception 'boom'; end if; return new; end $$`,
      )
      .execute(t.db);
    await sql
      .raw(`create trigger ${name} before ${event} on ${table} for each row execute function ${name}()`)
      .execute(t.db);
    return async () => {
      await sql.raw(`drop trigger ${name} on ${table}`).execute(t.db);
      await sql.raw(`drop function ${name}()`).execute(t.db);
    };
  }

  beforeAll(async () => {
    t = await startApp({ dialect });
    editor = await createUser(t, 'editor');
    cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    const body = {
      sku: 'A-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '100 kr',
      details: 'Washed',
      active: true,
      images: [image],
    };
    const res = await t.api('POST', '/api/products', { cookie, body });
    expect(res.status, res.text).toBe(201);
    product = res.json;
  });
  afterAll(async () => t?.close());

  const patch = (price: string, version: number) =>
    t.api('PATCH', `/api/products/${product.id}`, { cookie, headers: { 'if-match': `"${version}"` }, body: { price } });

  it('a product edit whose write fails leaves no entry', async () => {
    const before = await count();
    const stop = await failWhen('products', 'update', "new.price = 'BOOM'");
    try {
      expect((await patch('BOOM', product.version)).status).toBe(500);
    } finally {
      await stop();
    }
    expect(await count()).toBe(before);
  });

  it('an entry that cannot be written leaves the product edit undone', async () => {
    const before = await count();
    const stop = await failWhen('history', 'insert', "new.diff like '%Broken history%'");
    try {
      expect((await patch('Broken history', product.version)).status).toBe(500);
    } finally {
      await stop();
    }
    expect(await count()).toBe(before);
    const stored = await t.api('GET', `/api/products/${product.id}`, { cookie });
    expect(stored.json).toMatchObject({ price: '100 kr', version: product.version });
  });

  it('a user, a language key and the app status stay as they were when their entries cannot be written', async () => {
    const admin = await createUser(t, 'admin');
    const adminCookie = await signIn(t, admin.email, admin.password);
    const before = await count();
    const en = (await t.api('GET', '/api/languages/en', { cookie })).json;
    const stop = await failWhen(
      'history',
      'insert',
      "new.kind in ('user', 'appStatus') or (new.kind = 'language' and new.record_id = 'se')",
    );
    try {
      expect(
        (await t.api('PATCH', `/api/users/${editor.uid}`, { cookie: adminCookie, body: { isAdmin: true } })).status,
      ).toBe(500);
      expect(
        (await t.api('PATCH', '/api/me', { cookie, body: { firstName: 'Changed', lastName: 'Name' } })).status,
      ).toBe(500);
      expect((await t.api('PUT', '/api/app/status', { cookie: adminCookie, body: { active: false } })).status).toBe(
        500,
      );
      // English is written (with its entry) before Swedish's entry fails: both roll back together.
      const add = await t.api('PUT', '/api/languages/en/keys/atomicKey', {
        cookie,
        headers: { 'if-match': `"${en.version}"` },
        body: { value: 'x' },
      });
      expect(add.status).toBe(500);
    } finally {
      await stop();
    }
    expect(await count()).toBe(before);
    const me = (await t.api('GET', '/api/me', { cookie })).json;
    expect(me).toMatchObject({ firstName: 'Test', isAdmin: false });
    expect((await t.api('GET', '/api/app/status')).json.active).toBe(true);
    const after = (await t.api('GET', '/api/languages/en', { cookie })).json;
    expect(after.version).toBe(en.version);
    expect(after.texts).not.toHaveProperty('atomicKey');
  });

  it(
    '100 concurrent edits, each retried from the version ' + 'its refusal names, give exactly 100 entries in order',
    async () => {
      const start = (await t.api('GET', `/api/products/${product.id}`, { cookie })).json;
      const before = await count();
      const prices = Array.from({ length: 100 }, (_, i) => `${i + 1} kr`);
      const edit = async (price: string): Promise<void> => {
        let version = start.version as number;
        for (;;) {
          const res = await patch(price, version);
          if (res.status === 200) return;
          expect(res.status, res.text).toBe(409);
          version = res.json.error.details.current;
        }
      };
      await Promise.all(prices.map(edit));
      expect(await count()).toBe(before + 100);
      const items: { diff: { price: [string, string] } }[] = [];
      let next: string | null = null;
      do {
        const res = await t.api('GET', `/api/products/${product.id}/history?limit=100${next ? `&after=${next}` : ''}`, {
          cookie,
        });
        items.push(...res.json.items);
        next = res.json.next;
      } while (next);
      // Oldest first: each entry starts from the price the one before it left.
      const chain = items.slice(0, 100).reverse();
      expect(chain[0]!.diff.price[0]).toBe(start.price);
      for (let i = 1; i < chain.length; i++) expect(chain[i]!.diff.price[0]).toBe(chain[i - 1]!.diff.price[1]);
      expect(new Set(chain.map((e) => e.diff.price[1]))).toEqual(new Set(prices));
      const final = (await t.api('GET', `/api/products/${product.id}`, { cookie })).json;
      expect(final).toMatchObject({ version: start.version + 100, price: chain[99]!.diff.price[1] });
    },
    120_000,
  );
});
