import { Route, Routes } from 'react-router-dom';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateParams } from 'react-admin';
import ProductEdit from '../../../../resources/products/ProductEdit';
import type { Product } from '../../../../domain/products';
import type { AppDataProvider } from '../../../../base/backend';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { fakeUploads, imageFile, productWith } from './fakes';

// The image slots of the edit screen: drop, reorder by buttons and by dragging, remove down to one.

const A = '/files/Uploads/u1_a_one.jpg';
const B = '/files/Uploads/u1_b_two.jpg';
const C = '/files/Uploads/u1_c_three.jpg';

function setup(images: string[]) {
  const uploads = fakeUploads();
  const update = vi.fn(async (_r: string, { data }: UpdateParams) => ({
    data: { ...productWith({ images }), ...(data as object), version: 3 },
  }));
  const dataProvider = fakeDataProvider({
    getOne: (async () => ({
      data: productWith({ images, primary: images[0] ?? null }),
    })) as unknown as AppDataProvider['getOne'],
    update: update as unknown as AppDataProvider['update'],
    uploadImage: uploads.uploadImage,
  });
  renderInAdmin(
    <Routes>
      <Route path="/products/edit-product/:getUid" element={<ProductEdit />} />
    </Routes>,
    { path: '/products/edit-product/p1', dataProvider, authProvider: fakeAuthProvider(userWith({ isEditor: true })) },
  );
  return { update, ...uploads };
}

const slot = (n: number) => screen.getByRole('group', { name: `Image ${n}` });
const picture = (n: number) => within(slot(n)).getByRole('img');
const savedImages = async (update: ReturnType<typeof setup>['update']): Promise<unknown> => {
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(update).toHaveBeenCalled());
  return (update.mock.calls[0]![1] as UpdateParams<Product>).data.images;
};
const live = () => document.querySelector('[aria-live="polite"]');
const dropFiles = (target: HTMLElement, files: File[]) => {
  const dataTransfer = { files, types: ['Files'], dropEffect: 'none' };
  fireEvent.dragOver(target, { dataTransfer });
  fireEvent.drop(target, { dataTransfer });
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Product images', () => {
  it('uploads a file dropped on a slot through the same upload as choosing, and shows the drop state', async () => {
    const { started, update } = setup([A]);
    await screen.findByRole('group', { name: 'Image 2' });
    fireEvent.dragOver(slot(2), { dataTransfer: { files: [], types: ['Files'], dropEffect: 'none' } });
    expect(within(slot(2)).getByText('Drop the image here')).toBeVisible();
    dropFiles(slot(2), [imageFile('dropped.png')]);
    expect(started.map((u) => u.file.name)).toEqual(['dropped.png']);
    expect(within(slot(2)).getByRole('status')).toHaveTextContent('Uploading');
    expect(within(slot(2)).getByText('or drop a file here')).toBeInTheDocument();
    await started[0]!.finish('/files/Uploads/u1_d_dropped.png');
    expect(await savedImages(update)).toEqual([A, '/files/Uploads/u1_d_dropped.png']);
  });

  it('refuses a dropped file that is not jpg, png or jpeg with the upload message, and uploads nothing', async () => {
    const { started } = setup([A]);
    await screen.findByRole('group', { name: 'Image 2' });
    dropFiles(slot(2), [new File(['text'], 'notes.txt', { type: 'text/plain' })]);
    expect(within(slot(2)).getByRole('alert')).toHaveTextContent('Only JPEG and PNG images can be uploaded.');
    expect(within(slot(2)).getByRole('status')).toHaveTextContent('Upload failed');
    expect(started).toHaveLength(0);
  });

  it('moves images with the arrow buttons, labels the first as primary, says so and saves that order', async () => {
    const { update } = setup([A, B, C]);
    await screen.findByRole('group', { name: 'Image 3' });
    expect(within(slot(1)).getByText('Primary image')).toBeVisible();
    expect(within(slot(1)).getByRole('button', { name: 'Move image 1 earlier' })).toBeDisabled();
    expect(within(slot(3)).getByRole('button', { name: 'Move image 3 later' })).toBeDisabled();
    await userEvent.click(within(slot(2)).getByRole('button', { name: 'Move image 2 earlier' }));
    expect(picture(1)).toHaveAttribute('src', B.replace('.jpg', '.small.webp'));
    expect(live()).toHaveTextContent('Image moved to place 1 of 3. It is now the primary image.');
    // Focus stays with the moved image: it cannot go earlier, so its other button.
    expect(within(slot(1)).getByRole('button', { name: 'Move image 1 later' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(within(slot(2)).getByRole('button', { name: 'Move image 2 later' }));
    expect(live()).toHaveTextContent('Image moved to place 3 of 3.');
    expect(await savedImages(update)).toEqual([A, C, B]);
  });

  it('moves an image by dragging it onto another slot', async () => {
    const { update } = setup([A, B, C]);
    await screen.findByRole('group', { name: 'Image 3' });
    const dataTransfer = {
      setData: vi.fn(),
      types: ['application/x-image-slot'],
      files: [],
      effectAllowed: 'none',
      dropEffect: 'none',
    };
    fireEvent.dragStart(picture(3), { dataTransfer });
    fireEvent.dragOver(slot(1), { dataTransfer });
    fireEvent.drop(slot(1), { dataTransfer });
    fireEvent.dragEnd(picture(1), { dataTransfer });
    expect(live()).toHaveTextContent('Image moved to place 1 of 3. It is now the primary image.');
    expect(await savedImages(update)).toEqual([C, A, B]);
  });

  it('keeps a running upload with its image when images are moved', async () => {
    const { started, update } = setup([A]);
    await screen.findByRole('group', { name: 'Image 2' });
    await userEvent.upload(screen.getByLabelText('Choose image 2'), imageFile('two.png'));
    await started[0]!.progress(4);
    await userEvent.click(within(slot(2)).getByRole('button', { name: 'Move image 2 earlier' }));
    expect(within(slot(1)).getByRole('status')).toHaveTextContent('Uploading');
    expect(within(slot(1)).getByText('two.png')).toBeVisible();
    expect(within(slot(2)).queryByRole('status')).not.toBeInTheDocument();
    await started[0]!.finish('/files/Uploads/u1_t_two.png');
    expect(within(slot(1)).getByRole('status')).toHaveTextContent('Uploaded');
    expect(await savedImages(update)).toEqual(['/files/Uploads/u1_t_two.png', A]);
  });

  it('removes an image, the later ones moving up so the first stays filled', async () => {
    const { update } = setup([A, B, C]);
    await screen.findByRole('group', { name: 'Image 3' });
    await userEvent.click(within(slot(1)).getByRole('button', { name: 'Remove image 1' }));
    expect(live()).toHaveTextContent('Image 1 removed.');
    expect(picture(1)).toHaveAttribute('src', B.replace('.jpg', '.small.webp'));
    expect(within(slot(1)).getByText('Primary image')).toBeVisible();
    expect(within(slot(3)).getByRole('img', { name: 'No image' })).toBeVisible();
    expect(within(slot(1)).getByRole('button', { name: 'Remove image 1' })).toHaveFocus();
    expect(await savedImages(update)).toEqual([B, C]);
  });

  it('cannot remove the last image: the button is disabled and says why', async () => {
    setup([A, B]);
    await screen.findByRole('group', { name: 'Image 2' });
    await userEvent.click(within(slot(2)).getByRole('button', { name: 'Remove image 2' }));
    const last = within(slot(1)).getByRole('button', { name: 'Remove image 1' });
    expect(last).toBeDisabled();
    expect(last).toHaveAccessibleDescription('A product needs at least one image, so the last one cannot be removed.');
    expect(within(slot(1)).queryByRole('button', { name: /^Move image/ })).not.toBeInTheDocument();
  });
});
