import { Route, Routes } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateParams, UpdateParams } from 'react-admin';
import ProductCreate from '../../../../resources/products/ProductCreate';
import ProductEdit from '../../../../resources/products/ProductEdit';
import type { Product } from '../../../../domain/products';
import { ApiError } from '../../../../providers/local/http';
import type { AppDataProvider } from '../../../../base/backend';
import { setLocale } from '../../../../base/locale';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { fakeUploads, imageFile, productWith } from './fakes';

// The product's name and details in Swedish, beside the English ones, on Add and Edit Product.

type Create = (resource: string, params: CreateParams) => Promise<{ data: unknown }>;
type Update = (resource: string, params: UpdateParams) => Promise<{ data: Product }>;

function renderScreen(path: string, over: { product?: Product; create?: Create; update?: Update } = {}) {
  const uploads = fakeUploads();
  const create = vi.fn(
    over.create ??
      (async (_r: string, { data }: CreateParams) => ({
        data: { ...productWith(), ...(data as object), id: 'new-1' },
      })),
  );
  const update = vi.fn(
    over.update ??
      (async (_r: string, { data }: UpdateParams) => ({ data: { ...productWith(), ...(data as object), version: 3 } })),
  );
  const dataProvider = fakeDataProvider({
    uploadImage: uploads.uploadImage,
    create: create as unknown as AppDataProvider['create'],
    update: update as unknown as AppDataProvider['update'],
    getOne: (async () => ({ data: over.product ?? productWith() })) as unknown as AppDataProvider['getOne'],
  });
  renderInAdmin(
    <Routes>
      <Route path="/products/add-product" element={<ProductCreate />} />
      <Route path="/products/edit-product/:getUid" element={<ProductEdit />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path, dataProvider, authProvider: fakeAuthProvider(userWith({ isEditor: true })) },
  );
  return { ...uploads, create, update };
}

const box = (name: string | RegExp) => screen.findByRole('textbox', { name });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function paste(name: string | RegExp, text: string) {
  await userEvent.click(await box(name));
  await userEvent.paste(text);
}

afterEach(() => {
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

describe('Swedish name and details on the product form', () => {
  it('add: English and Swedish columns, each headed, the Swedish fields labelled and said to be optional', async () => {
    renderScreen('/products/add-product');
    const english = await screen.findByRole('group', { name: 'English' });
    const swedish = screen.getByRole('group', { name: 'Swedish' });
    expect(within(english).getByRole('heading', { name: 'English' })).toBeVisible();
    expect(within(english).getByRole('textbox', { name: /^Name/ })).toBeVisible();
    expect(within(english).getByRole('textbox', { name: /^Details/ })).toBeVisible();
    expect(within(swedish).getByRole('heading', { name: 'Swedish' })).toBeVisible();
    expect(within(swedish).getByRole('textbox', { name: 'Swedish name' })).toHaveValue('');
    expect(within(swedish).getByRole('textbox', { name: 'Swedish details' })).toHaveValue('');
    expect(swedish).toHaveAccessibleDescription('Optional: where it is empty, the shop shows the English text.');
    // A name is one line in either language; details may run over several.
    expect(within(swedish).getByRole('textbox', { name: 'Swedish name' }).tagName).toBe('INPUT');
    expect(within(swedish).getByRole('textbox', { name: 'Swedish details' }).tagName).toBe('TEXTAREA');
  });

  it('add: the Swedish UI labels them in Swedish', async () => {
    act(() => setLocale('sv'));
    renderScreen('/products/add-product');
    const swedish = await screen.findByRole('group', { name: 'Svenska' });
    expect(screen.getByRole('group', { name: 'Engelska' })).toBeVisible();
    expect(within(swedish).getByRole('textbox', { name: 'Namn på svenska' })).toBeVisible();
    expect(within(swedish).getByRole('textbox', { name: 'Detaljer på svenska' })).toBeVisible();
    expect(swedish).toHaveAccessibleDescription('Frivilligt: där det är tomt visar butiken den engelska texten.');
  });

  it('add: sends the Swedish texts trimmed, an empty one as empty, and no Required for them', async () => {
    const { create, started } = renderScreen('/products/add-product');
    for (const [name, text] of [
      [/^SKU/, 'CO-2000'],
      [/^Price/, '99 SEK'],
      [/^Name/, 'Natural cotton napkin'],
      [/^Details/, 'Four napkins.'],
      ['Swedish name', '  Servett i naturbomull  '],
    ] as const) {
      await paste(name, text);
    }
    await save();
    // Only the image is missing: the empty Swedish details are not required.
    expect(await screen.findByText('Must add an image')).toBeVisible();
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Choose image 1'), imageFile());
    await started[0]!.finish('/files/Uploads/u1_x_towel.png');
    await save();
    await waitFor(() => expect(create).toHaveBeenCalledTimes(1));
    expect(create.mock.calls[0]![1].data).toMatchObject({
      name: 'Natural cotton napkin',
      translations: { se: { name: 'Servett i naturbomull', details: '' } },
    });
  });

  it('edit: shows the saved Swedish texts; an emptied one is sent empty, so the server clears it', async () => {
    const product = productWith({
      translations: { se: { name: 'Salviagrön linnehandduk', details: 'Mjuk och stark.' } },
    });
    const { update } = renderScreen('/products/edit-product/p1', { product });
    expect(await box('Swedish name')).toHaveValue('Salviagrön linnehandduk');
    expect(await box('Swedish details')).toHaveValue('Mjuk och stark.');
    await userEvent.clear(await box('Swedish details'));
    await save();
    expect(await screen.findByText('Updated')).toBeVisible();
    expect(update.mock.calls[0]![1].data).toMatchObject({
      translations: { se: { name: 'Salviagrön linnehandduk', details: '' } },
    });
  });

  it('edit: a failed save keeps the Swedish texts as typed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderScreen('/products/edit-product/p1', {
      update: async () =>
        Promise.reject(Object.assign(new Error('Something went wrong on the server.'), { status: 500 })),
    });
    await paste('Swedish name', 'Salviagrön handduk');
    await paste('Swedish details', 'Mjuk.');
    await save();
    expect(await screen.findByText('Could not update')).toBeVisible();
    expect(await box('Swedish name')).toHaveValue('Salviagrön handduk');
    expect(await box('Swedish details')).toHaveValue('Mjuk.');
  });

  it(
    "edit: the server's message on the Swedish name (path " +
      '/translations/se/name) shows under that input, which takes the focus',
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // The refusal as the local provider builds it from the server's validation answer.
      const refusal = new ApiError(400, 'validation', 'Some fields are not valid.', [
        { path: '/translations/se/name', message: 'Text may not hold control characters.' },
      ]);
      renderScreen('/products/edit-product/p1', { update: async () => Promise.reject(refusal) });
      await paste('Swedish name', 'Handduk');
      await save();
      expect(await screen.findByText('Text may not hold control characters.')).toBeVisible();
      const name = await box('Swedish name');
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAccessibleDescription('Text may not hold control characters.');
      await waitFor(() => expect(name).toHaveFocus());
      expect(await box(/^Name/)).not.toHaveAttribute('aria-invalid', 'true');
    },
  );

  it("add: the server's message on the Swedish details shows under that input", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refusal = new ApiError(400, 'validation', 'Some fields are not valid.', [
      { path: 'body/translations/se/details', message: 'At most 5000 characters' },
    ]);
    const { started } = renderScreen('/products/add-product', { create: async () => Promise.reject(refusal) });
    for (const [name, text] of [
      [/^SKU/, 'CO-1'],
      [/^Price/, '10 SEK'],
      [/^Name/, 'Napkin'],
      [/^Details/, 'Soft.'],
      ['Swedish details', 'Mjuk.'],
    ] as const) {
      await paste(name, text);
    }
    await userEvent.upload(screen.getByLabelText('Choose image 1'), imageFile());
    await started[0]!.finish('/files/Uploads/u1_x_towel.png');
    await save();
    expect(await screen.findByText('At most 5000 characters')).toBeVisible();
    expect(await box('Swedish details')).toHaveAccessibleDescription('At most 5000 characters');
    await waitFor(async () => expect(await box('Swedish details')).toHaveFocus());
  });
});
