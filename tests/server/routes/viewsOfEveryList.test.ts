import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../server/auth/register.js';
import { servedResources } from '../../../server/resources.js';
import { productDescription } from '../../../domain/productFields.js';
import { viewKeysOf, type ResourceDescription } from '../../../domain/resourceDescription.js';
import { ADMIN, createUser, dialects, signIn, startApp, uniqueEmail, type TestApp } from '../helpers/index.js';

/** Every list whose description keeps saved views (`views: true`): the products' and the described resources' alike. */
const LISTS: ResourceDescription[] = [productDescription, ...servedResources].filter((d) => d.views === true);
/** A list that keeps none. */
const WITHOUT = servedResources.find((d) => d.views !== true);

// Saved views are the engine's: each list that turns them on keeps its own, named per person and list, checked as the
// list checks its own parameters, for those who may read it.
describe.each(dialects())('saved views of every list that keeps them (%s)', (dialect) => {
  let t: TestApp;
  let eva: string;
  let admin: string;
  beforeAll(async () => {
    t = await startApp({ dialect });
    const a = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    eva = await signIn(t, a.email, a.password);
    admin = await signIn(t, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => t?.close());

  const save = (cookie: string, body: unknown) => t.api('POST', '/api/views', { cookie, body });
  const names = async (cookie: string, resource?: string) => {
    const got = await t.api('GET', `/api/views${resource ? `?resource=${resource}` : ''}`, { cookie });
    expect(got.status, got.text).toBe(200);
    return (got.json.items as { name: string; resource: string }[]).map((v) => `${v.resource}:${v.name}`);
  };

  it('has more than the products list to test', () => {
    expect(LISTS.map((d) => d.name)).toContain('products');
    expect(LISTS.length).toBeGreaterThan(1);
  });

  it.each(LISTS.map((d) => [d.name, d] as const))(
    'keeps views of %s apart from every other list, one name per person and list',
    async (name, d) => {
      const body = { resource: name, name: 'Mine', params: {}, shared: false };
      expect((await save(eva, body)).status).toBe(201);
      expect((await save(eva, body)).status).toBe(409);
      expect(await names(eva, name)).toEqual([`${name}:Mine`]);
      // The products' when no list is named (the calls of consoles before views were every list's).
      if (name !== 'products') expect(await names(eva)).not.toContain(`${name}:Mine`);
      expect(viewKeysOf(d)).toContain('sort');
    },
  );

  it("keeps a described list's search, filters and order, and refuses what the list itself refuses", async () => {
    const guides = servedResources.find((d) => d.name === 'careguides')!;
    expect(guides.views).toBe(true);
    const params = { q: 'wash', fabric: 'linen,cotton', sort: 'title', order: 'desc' };
    const saved = await save(eva, { resource: 'careguides', name: 'Linen guides', params, shared: true });
    expect(saved.status, saved.text).toBe(201);
    expect(saved.json).toMatchObject({ resource: 'careguides', name: 'Linen guides', params, shared: true });
    for (const [bad, param] of [
      [{ fabric: 'wool' }, 'fabric'],
      [{ sort: 'picture' }, 'sort'],
      [{ order: 'sideways' }, 'order'],
      [{ category: 'Linen' }, 'category'],
    ] as const) {
      const refused = await save(eva, { resource: 'careguides', name: `bad ${param}`, params: bad });
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(refused.json.error.message).toBe(`This list cannot take this value of ${param}.`);
    }
    expect(await names(eva, 'careguides')).toEqual(['careguides:Linen guides', 'careguides:Mine']);
  });

  it('refuses a list that keeps no views, and one that does not exist, saving nothing', async () => {
    for (const resource of [WITHOUT?.name ?? 'suppliers', 'nothing_here']) {
      const refused = await save(eva, { resource, name: 'x', params: {} });
      expect(refused.status).toBe(404);
      expect(refused.json.error.message).toBe('This list keeps no saved views.');
      expect((await t.api('GET', `/api/views?resource=${resource}`, { cookie: eva })).status).toBe(404);
    }
    expect((await t.api('GET', '/api/views?resource=careguides&unknown=1', { cookie: eva })).status).toBe(400);
  });

  it('shows and removes a view only for those who may read its list', async () => {
    // An admin without the editor flag may not read care guides: none of their views, not even a shared one.
    const password = 'a password 123';
    const email = uniqueEmail('views');
    await registerUser(t.services.auth, t.db, {
      email,
      password,
      firstName: 'Only',
      lastName: 'Admin',
      active: true,
      isAdmin: true,
      isEditor: false,
    });
    const onlyAdmin = await signIn(t, email, password);
    expect((await t.api('GET', '/api/views?resource=careguides', { cookie: onlyAdmin })).status).toBe(403);
    expect((await save(onlyAdmin, { resource: 'careguides', name: 'x', params: {} })).status).toBe(403);
    const shared = (await t.api('GET', '/api/views?resource=careguides', { cookie: eva })).json.items.find(
      (v: { name: string }) => v.name === 'Linen guides',
    ) as { id: string };
    // Refused at the door: every list keeping views is read by editors alone.
    const refused = await t.api('DELETE', `/api/views/${shared.id}`, { cookie: onlyAdmin });
    expect(refused.status).toBe(403);
    // An admin who may read the list removes a shared view as before.
    expect((await t.api('DELETE', `/api/views/${shared.id}`, { cookie: admin })).status).toBe(204);
    expect(await names(eva, 'careguides')).toEqual(['careguides:Mine']);
  });
});
