import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, dialects, signIn, startApp, type TestApp } from '../helpers/index.js';
import { storedImage } from '../helpers/images.js';
import { messages } from '../../../domain/messages.js';
import { sv } from '../../../domain/messages.sv.js';
import type { HistoryEntry } from '../../../domain/history.js';
import type { Product } from '../../../domain/products.js';
import { canUndo, describeEntry } from '../../../resources/shared/history/describe.js';

// The Swedish texts in the change history, on both databases: recorded per language, said per language, and undone
// like the English fields (a text that was missing goes back to missing), refused when changed again since.
describe.each(dialects())('change history: the Swedish texts (%s)', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let product: Product;
  const patch = async (body: Record<string, unknown>) => {
    const res = await t.api('PATCH', `/api/products/${product.id}`, {
      cookie,
      headers: { 'if-match': `"${product.version}"` },
      body,
    });
    expect(res.status, res.text).toBe(200);
    product = res.json;
  };
  const latest = async (): Promise<HistoryEntry> =>
    (await t.api('GET', `/api/products/${product.id}/history`, { cookie })).json.items[0];
  const undo = async (entry: HistoryEntry) => {
    const res = await t.api('POST', `/api/history/${entry.id}/undo`, {
      cookie,
      headers: { 'if-match': `"${product.version}"` },
    });
    if (res.status === 200) product = res.json;
    return res;
  };

  beforeAll(async () => {
    t = await startApp({ dialect });
    const editor = await createUser(t, 'editor', { firstName: 'Eva', lastName: 'Berg' });
    cookie = await signIn(t, editor.email, editor.password);
    const image = await storedImage(t, editor.uid);
    const body = {
      sku: 'HS-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249 kr',
      details: 'Washed',
      active: true,
      images: [image],
    };
    product = (await t.api('POST', '/api/products', { cookie, body })).json;
  });
  afterAll(async () => t?.close());

  it('records a Swedish text set, changed and cleared, and says each per language in English and Swedish', async () => {
    await patch({ translations: { se: { name: 'Handduk' } } });
    const set = await latest();
    expect(set.diff).toEqual({ name_se: [null, 'Handduk'] });
    expect(describeEntry(set, messages)).toEqual(['Eva Berg set Swedish name to Handduk']);
    await patch({ translations: { se: { name: 'Badhandduk', details: 'Mjuk' } } });
    const changed = await latest();
    expect(changed.diff).toEqual({ name_se: ['Handduk', 'Badhandduk'], details_se: [null, 'Mjuk'] });
    expect(describeEntry(changed, messages)).toEqual([
      'Eva Berg changed Swedish name from Handduk to Badhandduk',
      'Eva Berg set Swedish details to Mjuk',
    ]);
    expect(describeEntry(changed, sv)).toEqual([
      'Eva Berg ändrade Namn på svenska från Handduk till Badhandduk',
      'Eva Berg satte Detaljer på svenska till Mjuk',
    ]);
    await patch({ translations: { se: { details: '' } } });
    const cleared = await latest();
    expect(cleared.diff).toEqual({ details_se: ['Mjuk', null] });
    expect(describeEntry(cleared, sv)).toEqual(['Eva Berg tömde Detaljer på svenska']);
    expect([set, changed, cleared].every((e) => canUndo(e))).toBe(true);
  });

  it('undoes a Swedish clear, change and set, each recorded as an edit', async () => {
    const cleared = await latest();
    expect((await undo(cleared)).status).toBe(200);
    expect(product.translations).toEqual({ se: { name: 'Badhandduk', details: 'Mjuk' } });
    expect((await latest()).diff).toEqual({ details_se: [null, 'Mjuk'] });

    await patch({ price: '199 kr', translations: { se: { name: 'Gästhandduk' } } });
    const changed = await latest();
    expect((await undo(changed)).status).toBe(200);
    expect(product).toMatchObject({ price: '249 kr', translations: { se: { name: 'Badhandduk', details: 'Mjuk' } } });

    await patch({ translations: { se: { name: '', details: '' } } });
    await patch({ translations: { se: { name: 'Duk' } } });
    const set = await latest();
    expect((await undo(set)).status).toBe(200);
    expect(product.translations).toEqual({});
    expect((await latest()).diff).toEqual({ name_se: ['Duk', null] });
    // The search's text (no Swedish name left) and the 'Swedish missing' filter follow the undo.
    const row = await t.db
      .selectFrom('products')
      .select(['search_text', 'untranslated'])
      .where('id', '=', product.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ search_text: 'towel hs-1', untranslated: ',se,' });
  });

  it(
    'refuses to undo a Swedish change when the text changed ' + 'again since, or was cleared since, changing nothing',
    async () => {
      await patch({ translations: { se: { name: 'Handduk' } } });
      await patch({ translations: { se: { name: 'Badlakan' } } });
      const older = await latest();
      await patch({ translations: { se: { name: 'Strandlakan' } } });
      const again = await undo(older);
      expect(again.status).toBe(409);
      expect(again.json.error.message).toBe(messages.history.changedSince);
      await patch({ translations: { se: { name: '' } } });
      const gone = await undo(older);
      expect(gone.status).toBe(409);
      expect(gone.json.error.message).toBe(messages.history.changedSince);
      // A text set from missing, then set again: its undo would clear the newer text, so it is refused too.
      await patch({ translations: { se: { details: 'Mjuk' } } });
      const setEntry = await latest();
      await patch({ translations: { se: { details: 'Mjukare' } } });
      expect((await undo(setEntry)).status).toBe(409);
      const now = (await t.api('GET', `/api/products/${product.id}`, { cookie })).json;
      expect(now).toMatchObject({ version: product.version, translations: { se: { details: 'Mjukare' } } });
    },
  );

  it('undoes the Swedish texts a CSV import changed', async () => {
    await patch({ translations: { se: { name: '', details: 'Mjukare' } } });
    const cells = {
      sku: 'HS-1',
      name: 'Towel',
      category: 'Linen',
      mc: 'Linen care',
      price: '249 kr',
      active: 'true',
      details: 'Washed',
      name_se: 'Linnehandduk',
      details_se: '',
    };
    const res = await t.api('POST', '/api/products/import', {
      cookie,
      body: { rows: [{ line: 2, cells }], apply: true },
    });
    expect(res.json.counts.update, res.text).toBe(1);
    product = (await t.api('GET', `/api/products/${product.id}`, { cookie })).json;
    const imported = await latest();
    expect(imported.diff).toEqual({ name_se: [null, 'Linnehandduk'], details_se: ['Mjukare', null] });
    expect((await undo(imported)).status).toBe(200);
    expect(product.translations).toEqual({ se: { details: 'Mjukare' } });
  });
});
