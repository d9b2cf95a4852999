import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldsOfResource, imagesMax } from '../../../domain/resourceDescription';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, fillRequired, recordOf } from './described/cases';
import { fakeUploads, imageFile } from './fakeUploads';

// The images kind's slots (resources/shared/images) on a described resource's Add and Edit pages, over a fake data
// provider: a chosen file uploads at once, Save waits for it and sends its address, a failed one keeps the form and
// names the image, and an images field may be emptied (only products need an image). Over every described resource
// with an images field.

const WITH_IMAGES = DESCRIBED.flatMap(([name, s]) => {
  const field = fieldsOfResource(s.description).find(([, f]) => f.kind === 'images')?.[0];
  return field ? [[name, s, field] as const] : [];
});
const noHistory = async () => ({ items: [], next: null });

describe('the images kind on a described resource', () => {
  it('is on at least one described resource', () => {
    expect(WITH_IMAGES.map(([name]) => name)).toContain('careguides');
  });

  it.each(WITH_IMAGES)('%s: Save waits for the running upload, then sends its address', async (name, s, field) => {
    const { uploadImage, started } = fakeUploads();
    const create = vi.fn(async (_r: string, p: { data: object }) => ({
      data: { ...recordOf(s.description, 9), ...p.data },
    }));
    renderAt(`/${name}/create`, { create, uploadImage, getOne: async () => ({ data: recordOf(s.description, 9) }) });
    await screen.findByRole('heading', { name: s.texts.en.add });
    const sent = await fillRequired(s);
    const group = screen.getByRole('group', { name: s.texts.en.fields[field] });
    await userEvent.upload(within(group).getByLabelText('Choose image 1'), imageFile());
    await started[0]!.progress(8);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    // The button says it waits, with the progress; nothing is sent yet.
    expect(await screen.findByRole('button', { name: /^Waiting for the images… \d+ %$/ })).toBeVisible();
    expect(create).not.toHaveBeenCalled();
    await started[0]!.finish('/files/Uploads/u_new.png');
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({ ...sent, [field]: ['/files/Uploads/u_new.png'] });
  });

  it.each(WITH_IMAGES)(
    '%s: an upload that fails while Save waits keeps the form and names the image',
    async (name, s, field) => {
      // react-admin logs a refused submit in development.
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const { uploadImage, started } = fakeUploads();
      const create = vi.fn();
      renderAt(`/${name}/create`, { create, uploadImage });
      await screen.findByRole('heading', { name: s.texts.en.add });
      await fillRequired(s);
      const group = screen.getByRole('group', { name: s.texts.en.fields[field] });
      await userEvent.upload(within(group).getByLabelText('Choose image 1'), imageFile());
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await started[0]!.fail('The storage is full.');
      expect(
        (await screen.findAllByText('Image 1 could not be uploaded: The storage is full.')).length,
      ).toBeGreaterThan(0);
      expect(create).not.toHaveBeenCalled();
      expect(screen.getByRole('heading', { name: s.texts.en.add })).toBeVisible();
    },
  );

  it.each(WITH_IMAGES)('%s: Edit shows the image by its thumbnail, and it may be removed', async (name, s, field) => {
    // An even record holds an image (the kinds' samples).
    const record = recordOf(s.description, 2);
    expect(record[field]).toHaveLength(1);
    record.thumbnails = { [field]: ['/small/one.webp'] };
    const update = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...record, ...p.data, version: 4 } }));
    renderAt(`/${name}/r2`, { getOne: async () => ({ data: record }), getHistory: noHistory, update });
    const group = await screen.findByRole('group', { name: s.texts.en.fields[field] });
    // The first image is marked the primary one where the field holds more than one.
    const many = imagesMax(s.description.fields[field]!) > 1;
    expect(within(group).queryByText('Primary image') !== null).toBe(many);
    // The thumbnail the answer names, not one the browser derives.
    expect(within(group).getByRole('img', { name: 'Image 1' })).toHaveAttribute('src', '/small/one.webp');
    await userEvent.click(within(group).getByRole('button', { name: 'Remove image 1' }));
    expect(within(group).queryByText('Primary image')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect((update.mock.calls[0]![1].data as Record<string, unknown>)[field]).toEqual([]);
  });
});
