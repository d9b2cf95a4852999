import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_VIEWS } from '../../../domain/views.js';
import { ADMIN, createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';

// Saved views of the products list: a person's own, and those shared with all staff; kept on the server.
describe.each(dialects())('saved views (%s)', (dialect) => {
  let t: TestApp;
  let eva: string;
  let olle: string;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    const a = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    const b = await createUser(t, 'editor', { firstName: 'Olle', lastName: 'Ek' });
    eva = await signIn(t, a.email, a.password);
    olle = await signIn(t, b.email, b.password);
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => t?.close());

  const save = (cookie: string, body: unknown) => t.api('POST', '/api/views', { cookie, body });
  const list = async (cookie: string) =>
    (await t.api('GET', '/api/views', { cookie })).json.items as {
      id: string;
      name: string;
      mine: boolean;
      shared: boolean;
      ownerName: string;
      params: object;
    }[];

  it('keeps a view with its search and filters, shows it to its owner, and a shared one to all staff', async () => {
    const mine = await save(eva, { name: 'Linen without Swedish', params: { category: 'Linen', missing: 'se' } });
    expect(mine.status, mine.text).toBe(201);
    expect(mine.json).toMatchObject({
      name: 'Linen without Swedish',
      params: { category: 'Linen', missing: 'se' },
      shared: false,
      mine: true,
      ownerName: 'Eva Berg',
    });
    const shared = await save(eva, {
      name: '  Summer towels ',
      params: { q: 'towel', status: 'active' },
      shared: true,
    });
    expect(shared.status).toBe(201);
    expect(shared.json.name).toBe('Summer towels');
    expect((await list(eva)).map((v) => v.name)).toEqual(['Linen without Swedish', 'Summer towels']);
    const others = await list(olle);
    expect(others.map((v) => [v.name, v.mine, v.ownerName])).toEqual([['Summer towels', false, 'Eva Berg']]);
  });

  it('refuses a name its owner already uses, another person may use it', async () => {
    const again = await save(eva, { name: 'Linen without Swedish', params: {} });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe('You already have a view with this name.');
    expect((await save(olle, { name: 'Linen without Swedish', params: {} })).status).toBe(201);
  });

  it.each([
    ['an empty name', { name: '  ', params: {} }],
    ['a name with a NUL', { name: 'a\u0000b', params: {} }],
    ['a lone surrogate', { name: 'a\ud800', params: {} }],
    ['a name too long', { name: 'x'.repeat(61), params: {} }],
    ['an unknown category', { name: 'x', params: { category: 'Wool' } }],
    ['an unknown filter', { name: 'x', params: { price: '1' } }],
    ['shared as text', { name: 'x', params: {}, shared: 'yes' }],
    ['no params', { name: 'x' }],
  ])('refuses %s and keeps nothing', async (_what, body) => {
    const before = (await list(olle)).length;
    expect((await save(olle, body)).status).toBe(400);
    expect((await list(olle)).length).toBe(before);
  });

  it(`keeps at most ${MAX_VIEWS} views a person`, async () => {
    const u = await createUser(t, 'editor');
    const cookie = await signIn(t, u.email, u.password);
    for (let i = 0; i < MAX_VIEWS; i++) expect((await save(cookie, { name: `v${i}`, params: {} })).status).toBe(201);
    const over = await save(cookie, { name: 'one more', params: {} });
    expect(over.status).toBe(400);
    expect(over.json.error.message).toBe(`You can keep at most ${MAX_VIEWS} views.`);
  });

  it(`holds the ${MAX_VIEWS} a person may keep when 40 are saved at the same moment`, async () => {
    const u = await createUser(t, 'editor');
    const cookie = await signIn(t, u.email, u.password);
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => save(cookie, { name: `at once ${i}`, params: {} })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(MAX_VIEWS);
    expect(statuses.filter((s) => s === 400)).toHaveLength(40 - MAX_VIEWS);
    // Refused with the limit's own message, not an error of the database.
    for (const refused of answers.filter((a) => a.status === 400))
      expect(refused.json.error.message).toBe(`You can keep at most ${MAX_VIEWS} views.`);
    expect(await t.db.selectFrom('saved_views').select('id').where('owner', '=', u.uid).execute()).toHaveLength(
      MAX_VIEWS,
    );
  });

  it('lets the owner or an admin remove a view, nobody else', async () => {
    const view = (await list(olle)).find((v) => v.name === 'Summer towels')!;
    const refused = await t.api('DELETE', `/api/views/${view.id}`, { cookie: olle });
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe('Only the person who saved a view, or an admin, can remove it.');
    expect((await t.api('DELETE', `/api/views/${view.id}`, { cookie: admin })).status).toBe(204);
    expect((await list(eva)).map((v) => v.name)).toEqual(['Linen without Swedish']);
    const own = (await list(eva))[0]!;
    expect((await t.api('DELETE', `/api/views/${own.id}`, { cookie: eva })).status).toBe(204);
    expect((await t.api('DELETE', `/api/views/${own.id}`, { cookie: eva })).status).toBe(404);
  });

  it("keeps a person's private view theirs: an admin (an editor too) cannot remove it nor learn of it", async () => {
    const owner = await createUser(t, 'editor');
    const cookie = await signIn(t, owner.email, owner.password);
    const view = await save(cookie, { name: 'Only mine', params: { category: 'Linen' } });
    expect(view.status, view.text).toBe(201);
    for (const other of [admin, olle]) {
      const refused = await t.api('DELETE', `/api/views/${view.json.id}`, { cookie: other });
      expect(refused.status).toBe(404);
      expect(refused.json.error.message).toBe('This view no longer exists.');
    }
    expect((await list(cookie)).map((v) => v.name)).toEqual(['Only mine']);
  });
});
