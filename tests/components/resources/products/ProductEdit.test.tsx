import { Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GetOneParams, UpdateParams } from 'react-admin';
import ProductEdit from '../../../../resources/products/ProductEdit';
import type { Product } from '../../../../domain/products';
import type { AppDataProvider } from '../../../../base/backend';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { emptyFields, fakeUploads, imageFile, productWith } from './fakes';

type GetOne = (resource: string, params: GetOneParams) => Promise<{ data: Product }>;
type Update = (resource: string, params: UpdateParams) => Promise<{ data: Product }>;

function setup(
  getOne: GetOne,
  update: Update = async (_r, { data }) => ({ data: { ...productWith(), ...(data as object), version: 3 } }),
) {
  const uploads = fakeUploads();
  const spies = { getOne: vi.fn(getOne), update: vi.fn(update) };
  const dataProvider = fakeDataProvider({
    getOne: spies.getOne as unknown as AppDataProvider['getOne'],
    update: spies.update as unknown as AppDataProvider['update'],
    uploadImage: uploads.uploadImage,
  });
  renderInAdmin(
    <Routes>
      <Route path="/products/edit-product/:getUid" element={<ProductEdit />} />
    </Routes>,
    { path: '/products/edit-product/p1', dataProvider, authProvider: fakeAuthProvider(userWith({ isEditor: true })) },
  );
  return { ...spies, ...uploads };
}

const field = (label: string) => screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
const found =
  (p: Product = productWith()) =>
  async () => ({ data: p });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Edit product', () => {
  it(
    'loads the product: SKU read-only, the fields, the primary ' +
      'image and three slots with a placeholder where missing',
    async () => {
      const { getOne } = setup(found());
      const sku = await field('SKU');
      expect(sku).toHaveValue('LI-1001');
      expect(sku).toHaveAttribute('readonly');
      expect(screen.getByText('The SKU cannot be changed.')).toBeVisible();
      expect(await field('Name')).toHaveValue('Sage linen towel');
      expect(await field('Price')).toHaveValue('249 SEK');
      expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveTextContent('Linen');
      expect(screen.getByRole('img', { name: 'Primary image: Sage linen towel' })).toHaveAttribute(
        'src',
        '/files/Uploads/u1_a_one.jpg',
      );
      expect(screen.getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/files/Uploads/u1_a_one.small.webp');
      expect(screen.getAllByRole('img', { name: 'No image' })).toHaveLength(2);
      expect(screen.getByLabelText('Replace image 1')).toBeInTheDocument();
      expect(screen.getByLabelText('Choose image 2')).toBeInTheDocument();
      expect(screen.getByLabelText('Choose image 3')).toBeInTheDocument();
      expect(getOne).toHaveBeenCalledWith('products', expect.objectContaining({ id: 'p1' }));
    },
  );

  it("says 'No products' for an unknown id", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(async () => Promise.reject(Object.assign(new Error('No products'), { status: 404 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('No products');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it("saves the changed fields and a replaced image with the version edited, then says 'Updated'", async () => {
    const { update, started } = setup(found());
    const name = await field('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Sage towel');
    await userEvent.upload(screen.getByLabelText('Replace image 1'), imageFile('new.png'));
    await started[0]!.finish('/files/Uploads/u1_n_new.png');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Updated')).toBeVisible();
    const [, params] = update.mock.calls[0]!;
    // Every field of the description but the SKU, which cannot change: the product's, with what the test changed.
    const { sku: _locked, ...editable } = emptyFields();
    expect(params.data).toEqual({
      ...editable,
      category: 'Linen',
      mc: 'Linen care',
      name: 'Sage towel',
      details: 'Soft and strong.',
      price: '249 SEK',
      active: true,
      images: ['/files/Uploads/u1_n_new.png'],
      translations: { se: { name: '', details: '' } },
    });
    expect(params.previousData).toMatchObject({ version: 2 });
  });

  it('requires price, name and details', async () => {
    const { update } = setup(found());
    for (const label of ['Price', 'Name', 'Details']) await userEvent.clear(await field(label));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(update).not.toHaveBeenCalled();
  });

  it("says 'Could not update' when the save fails and keeps what was typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(found(), async () =>
      Promise.reject(Object.assign(new Error('Something went wrong on the server.'), { status: 500 })),
    );
    const price = await field('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '300 SEK');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Could not update')).toBeVisible();
    expect(await field('Price')).toHaveValue('300 SEK');
  });

  it("says why a refused save was refused beside 'Could not update', and keeps what was typed", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const why = 'This record holds fields the console does not know (shelf), so Firestore refuses to save it.';
    setup(found(), async () => Promise.reject(Object.assign(new Error(why), { status: 400, code: 'unknown_fields' })));
    const price = await field('Price');
    await userEvent.clear(price);
    await userEvent.type(price, '300 SEK');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`Could not update: ${why}`)).toBeVisible();
    expect(await field('Price')).toHaveValue('300 SEK');
  });

  it(
    'on a stale save shows the conflict message, keeps ' + 'what was typed, and Reload brings the saved version',
    async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const stale = Object.assign(new Error('This product was changed by someone else meanwhile.'), {
        status: 409,
        code: 'conflict',
      });
      let current = productWith();
      const { getOne } = setup(
        async () => ({ data: current }),
        async () => Promise.reject(stale),
      );
      const name = await field('Name');
      await userEvent.clear(name);
      await userEvent.type(name, 'My new name');
      current = productWith({ name: 'Their new name', version: 3 });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      const alert = await screen.findByText(/This product was changed by someone else meanwhile/);
      expect(alert).toHaveTextContent(
        'This product was changed by someone else meanwhile. Reload ' +
          'to see their version; what you typed is kept until you do.',
      );
      expect(await field('Name')).toHaveValue('My new name');
      const notice = alert.closest('[role="alert"]') as HTMLElement;
      await userEvent.click(within(notice).getByRole('button', { name: 'Reload' }));
      await waitFor(async () => expect(await field('Name')).toHaveValue('Their new name'));
      expect(getOne).toHaveBeenCalledTimes(2);
      expect(screen.queryByText(/changed by someone else/)).not.toBeInTheDocument();
    },
  );
});
