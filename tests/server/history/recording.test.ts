import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp, type TestUser } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { writeActive } from '../../../server/core/appStatus.js';

// Every kind of change leaves exactly one history entry with the right difference, on both databases.
describe.each(dialects())('change history: what each change records (%s)', (dialect) => {
  let t: TestApp;
  let admin: TestUser;
  let adminCookie: string;
  let editor: TestUser;
  let editorCookie: string;
  let image: string;
  /** Every entry of one record, newest first, read through the admin's Activity filters and the record's route. */
  const entries = async (path: string) => {
    const res = await t.api('GET', path, { cookie: adminCookie });
    expect(res.status, res.text).toBe(200);
    return res.json.items as {
      actor: string | null;
      actorName: string;
      kind: string;
      action: string;
      recordId: string;
      resource: string | null;
      diff: Record<string, unknown>;
    }[];
  };
  const total = async () =>
    Number(
      (
        await t.db
          .selectFrom('history')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startApp({ dialect });
    admin = await createUser(t, 'admin', { firstName: 'Ada', lastName: 'Admin' });
    adminCookie = await signIn(t, admin.email, admin.password);
    editor = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    editorCookie = await signIn(t, editor.email, editor.password);
    image = await storedImage(t, editor.uid);
  });
  afterAll(async () => t?.close());

  it('records a product added and edited, with each changed field old → new and the images as addresses', async () => {
    const body = {
      sku: 'H-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249 kr',
      details: 'Washed',
      active: true,
      images: [image],
    };
    const made = await t.api('POST', '/api/products', { cookie: editorCookie, body });
    expect(made.status, made.text).toBe(201);
    const second = await storedImage(t, editor.uid, 'second.jpg');
    const before = await total();
    const edit = await t.api('PATCH', `/api/products/${made.json.id}`, {
      cookie: editorCookie,
      headers: { 'if-match': '"1"' },
      body: { price: '199 kr', active: false, images: [second, image] },
    });
    expect(edit.status, edit.text).toBe(200);
    expect(await total()).toBe(before + 1);
    const [changed, created] = await entries(`/api/products/${made.json.id}/history`);
    expect(changed).toMatchObject({
      actor: editor.uid,
      actorName: 'Eva Berg',
      kind: 'product',
      action: 'changed',
      recordId: made.json.id,
    });
    expect(changed!.diff).toEqual({
      price: ['249 kr', '199 kr'],
      active: [true, false],
      images: [[image], [second, image]],
    });
    expect(created).toMatchObject({ action: 'created', actorName: 'Eva Berg' });
    expect(created!.diff).toMatchObject({ sku: [null, 'H-1'], price: [null, '249 kr'], images: [null, [image]] });
  });

  it('records a CSV import: one entry per product it creates or changes, none for an unchanged row', async () => {
    const cells = (sku: string, price: string) => ({
      sku,
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price,
      active: 'true',
      details: 'Washed',
      images: image,
    });
    const before = await total();
    const res = await t.api('POST', '/api/products/import', {
      cookie: editorCookie,
      body: {
        rows: [
          { line: 2, cells: cells('H-1', '179 kr') },
          { line: 3, cells: cells('H-2', '99 kr') },
        ],
        apply: true,
      },
    });
    expect(res.status, res.text).toBe(200);
    expect(await total()).toBe(before + 2);
    const id = (await t.api('GET', '/api/products?sku=H-1', { cookie: editorCookie })).json.items[0].id;
    const [entry] = await entries(`/api/products/${id}/history`);
    // H-1 was disabled by the edit above; the row makes it active again and changes the price.
    expect(entry!.diff).toEqual({ price: ['199 kr', '179 kr'], active: [false, true] });
  });

  it('records a user added by an admin, their flags and their own name change; never a password', async () => {
    const added = await t.api('POST', '/api/users', {
      cookie: adminCookie,
      body: { email: 'new.one@test.local', firstName: 'New', lastName: 'One', isEditor: false, isAdmin: false },
    });
    expect(added.status, added.text).toBe(201);
    const uid = added.json.uid as string;
    const flags = await t.api('PATCH', `/api/users/${uid}`, { cookie: adminCookie, body: { isEditor: true } });
    expect(flags.status, flags.text).toBe(200);
    const mine = await t.api('PATCH', '/api/me', {
      cookie: editorCookie,
      body: { firstName: 'Eva', lastName: 'Lund' },
    });
    expect(mine.status, mine.text).toBe(200);
    const [flagged, created] = await entries(`/api/users/${uid}/history`);
    expect(flagged).toMatchObject({
      actor: admin.uid,
      actorName: 'Ada Admin',
      action: 'changed',
      diff: { isEditor: [false, true] },
    });
    expect(Object.keys(flagged!.diff)).toEqual(['isEditor']);
    expect(created).toMatchObject({
      actor: admin.uid,
      action: 'created',
      diff: { email: [null, 'new.one@test.local'], firstName: [null, 'New'] },
    });
    const [renamed] = await entries(`/api/users/${editor.uid}/history`);
    expect(renamed).toMatchObject({ actor: editor.uid, diff: { lastName: ['Berg', 'Lund'] } });
    // The user changes (sign-in events, kind 'account', name the sign-in method 'password' and have tests of their
    // own).
    const all = JSON.stringify(await entries('/api/history?kind=user&limit=100'));
    expect(all).not.toMatch(/password/i);
  });

  it('keeps the actor’s name as it was when they made the change (Eva Berg is Eva Lund since)', async () => {
    const [first] = await entries('/api/history?kind=product&limit=100').then((list) =>
      list.filter((e) => e.action === 'created').slice(-1),
    );
    expect(first!.actorName).toBe('Eva Berg');
  });

  it('records a language save key by key, and a key added or removed in each language', async () => {
    const en = (await t.api('GET', '/api/languages/en', { cookie: editorCookie })).json;
    const put = await t.api('PUT', '/api/languages/en', {
      cookie: editorCookie,
      headers: { 'if-match': `"${en.version}"` },
      body: { texts: { ...en.texts, checkout: 'Pay now' } },
    });
    expect(put.status, put.text).toBe(200);
    const [saved] = await entries('/api/languages/en/history');
    expect(saved).toMatchObject({
      kind: 'language',
      action: 'changed',
      recordId: 'en',
      diff: { checkout: ['Checkout', 'Pay now'] },
    });
    expect(Object.keys(saved!.diff)).toEqual(['checkout']);
    const add = await t.api('PUT', '/api/languages/en/keys/giftCard', {
      cookie: editorCookie,
      headers: { 'if-match': `"${put.json.version}"` },
      body: { value: 'Gift card' },
    });
    expect(add.status, add.text).toBe(200);
    const se = (await t.api('GET', '/api/languages/se', { cookie: editorCookie })).json;
    const del = await t.api('DELETE', '/api/languages/se/keys/giftCard', {
      cookie: adminCookie,
      headers: { 'if-match': `"${se.version}"` },
    });
    expect(del.status, del.text).toBe(200);
    const [removedEn, addedEn] = await entries('/api/languages/en/history');
    expect(addedEn).toMatchObject({ action: 'keyAdded', diff: { giftCard: [null, 'Gift card'] } });
    expect(removedEn).toMatchObject({
      action: 'keyRemoved',
      actor: admin.uid,
      diff: { giftCard: ['Gift card', null] },
    });
    const [removedSe, addedSe] = await entries('/api/languages/se/history');
    expect(addedSe).toMatchObject({ action: 'keyAdded', diff: { giftCard: [null, ''] } });
    expect(removedSe).toMatchObject({ action: 'keyRemoved', diff: { giftCard: ['', null] } });
  });

  it('records the app status turned off and on, and nothing for setting it to what it is', async () => {
    const off = await t.api('PUT', '/api/app/status', { cookie: adminCookie, body: { active: false } });
    expect(off.status, off.text).toBe(200);
    await writeActive(t.db, true);
    const before = await total();
    await writeActive(t.db, true);
    expect(await total()).toBe(before);
    const [on, turnedOff] = await entries('/api/history?kind=appStatus');
    expect(on).toMatchObject({ actor: null, actorName: '', recordId: 'app', diff: { active: [false, true] } });
    expect(turnedOff).toMatchObject({ actor: admin.uid, diff: { active: [true, false] } });
  });

  it('records a described resource’s records added and edited, with the resource named', async () => {
    const body = { name: 'Weaver', contactPerson: 'Ann', email: 'w@example.com', country: 'SE', notes: '' };
    const made = await t.api('POST', '/api/suppliers', { cookie: editorCookie, body });
    expect(made.status, made.text).toBe(201);
    const edit = await t.api('PATCH', `/api/suppliers/${made.json.id}`, {
      cookie: editorCookie,
      headers: { 'if-match': '"1"' },
      body: { country: 'LT' },
    });
    expect(edit.status, edit.text).toBe(200);
    const [changed, created] = await entries('/api/history?kind=record');
    expect(changed).toMatchObject({
      resource: 'suppliers',
      recordId: made.json.id,
      action: 'changed',
      diff: { country: ['SE', 'LT'] },
    });
    expect(Object.keys(changed!.diff)).toEqual(['country']);
    expect(created).toMatchObject({ resource: 'suppliers', action: 'created', diff: { name: [null, 'Weaver'] } });
  });
});
