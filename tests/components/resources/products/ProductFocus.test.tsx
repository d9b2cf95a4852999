import { Route, Routes } from 'react-router-dom';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductCreate from '../../../../resources/products/ProductCreate';
import ProductEdit from '../../../../resources/products/ProductEdit';
import type { AppDataProvider } from '../../../../base/backend';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { fakeUploads, imageFile, productWith } from './fakes';

// When a save is refused, focus goes to the first field in error: the form's own rules, or the server's field messages.

const refusal = (errors: Record<string, string>) =>
  Object.assign(new Error('Some fields are not valid.'), { status: 400, code: 'validation', body: { errors } });

function renderScreen(path: string, over: Partial<AppDataProvider>) {
  const uploads = fakeUploads();
  const dataProvider = fakeDataProvider({ uploadImage: uploads.uploadImage, ...over });
  renderInAdmin(
    <Routes>
      <Route path="/products/add-product" element={<ProductCreate />} />
      <Route path="/products/edit-product/:getUid" element={<ProductEdit />} />
      <Route path="*" element={<p>elsewhere</p>} />
    </Routes>,
    { path, dataProvider, authProvider: fakeAuthProvider(userWith({ isEditor: true })) },
  );
  return uploads;
}

const field = (label: string) => screen.findByRole('textbox', { name: new RegExp(`^${label}`) });
const save = () => userEvent.click(screen.getByRole('button', { name: 'Save' }));

async function fill(texts: [string, string][]) {
  for (const [label, text] of texts) {
    await userEvent.click(await field(label));
    await userEvent.paste(text);
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Focus on the first error', () => {
  it('add: the form refuses a save and focus goes to the first empty required field', async () => {
    renderScreen('/products/add-product', {});
    await fill([['SKU', 'CO-1']]);
    await save();
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    await waitFor(async () => expect(await field('Price')).toHaveFocus());
  });

  it('add: with only the image missing, focus goes to the first image picker', async () => {
    renderScreen('/products/add-product', {});
    await fill([
      ['SKU', 'CO-1'],
      ['Price', '10 SEK'],
      ['Name', 'Napkin'],
      ['Details', 'Soft.'],
    ]);
    await save();
    expect(await screen.findByText('Must add an image')).toBeVisible();
    await waitFor(() => expect(screen.getByLabelText('Choose image 1')).toHaveFocus());
  });

  it("add: the server's field messages are shown beside the fields and focus goes to the first of them", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const create = vi.fn(async () =>
      Promise.reject(refusal({ details: 'Too long.', name: 'Text may not hold control characters.' })),
    );
    const { started } = renderScreen('/products/add-product', {
      create: create as unknown as AppDataProvider['create'],
    });
    await fill([
      ['SKU', 'CO-1'],
      ['Price', '10 SEK'],
      ['Name', 'Napkin'],
      ['Details', 'Soft.'],
    ]);
    await userEvent.upload(screen.getByLabelText('Choose image 1'), imageFile());
    await started[0]!.finish('/files/Uploads/u1_x_towel.png');
    await save();
    expect(await screen.findByText('Could not update: Some fields are not valid.')).toBeVisible();
    expect(await screen.findByText('Text may not hold control characters.')).toBeVisible();
    expect(screen.getByText('Too long.')).toBeVisible();
    await waitFor(async () => expect(await field('Name')).toHaveFocus());
    expect(await field('Name')).toHaveAttribute('aria-invalid', 'true');
  });

  it("edit: the server's field messages are shown and focus goes to the first field in error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const update = vi.fn(async () => Promise.reject(refusal({ price: 'At most 50 characters' })));
    renderScreen('/products/edit-product/p1', {
      getOne: (async () => ({ data: productWith() })) as unknown as AppDataProvider['getOne'],
      update: update as unknown as AppDataProvider['update'],
    });
    await userEvent.type(await field('Name'), ' set');
    await save();
    expect(await screen.findByText('At most 50 characters')).toBeVisible();
    await waitFor(async () => expect(await field('Price')).toHaveFocus());
  });

  it('edit: an image that fails while Save waits is named and focused', async () => {
    const update = vi.fn();
    const { started } = renderScreen('/products/edit-product/p1', {
      getOne: (async () => ({ data: productWith() })) as unknown as AppDataProvider['getOne'],
      update: update as unknown as AppDataProvider['update'],
    });
    await userEvent.type(await field('Name'), ' set');
    await userEvent.upload(screen.getByLabelText('Replace image 1'), imageFile('new.png'));
    await save();
    await started[0]!.fail('The connection was lost.');
    expect(
      (await screen.findAllByText('Image 1 could not be uploaded: The connection was lost.')).length,
    ).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByLabelText('Replace image 1')).toHaveFocus());
    expect(update).not.toHaveBeenCalled();
  });
});
