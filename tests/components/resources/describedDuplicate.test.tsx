import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fieldsOfResource, labelOf } from '../../../domain/resourceDescription';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, recordOf } from './described/cases';

// Duplicate on a described Edit page (`duplicate: true`, resources/shared/RecordEdit.tsx, duplicateRecord.ts) over a
// fake data provider: the record's images are copied first, then Add opens with its values, the copies in place of its
// images and its unique fields empty; a failed copy says so and stays. Over every described resource that turns it on;
// one that does not shows no Duplicate.

const WITH = DESCRIBED.filter(([, s]) => s.description.duplicate === true);
const WITHOUT = DESCRIBED.filter(([, s]) => s.description.duplicate !== true);
const noHistory = async () => ({ items: [], next: null });

describe('Duplicate of a described record', () => {
  it('is turned on by at least one described resource', () => {
    expect(WITH.map(([name]) => name)).toContain('careguides');
  });

  it.each(WITH)('copies the images of a %s record, then opens Add with its values', async (name, s) => {
    const d = s.description;
    const record = recordOf(d, 1);
    const images = fieldsOfResource(d).filter(([, f]) => f.kind === 'images');
    const copies = Object.fromEntries(
      images.map(([k]) => [k, { images: [`/files/Uploads/u_copy_${k}.jpg`], thumbnails: [] as string[] }]),
    );
    const duplicateImages = vi.fn(async (_resource: string, _id: string) => copies);
    const create = vi.fn(async (_r: string, p: { data: object }) => ({ data: { ...p.data, id: 'r2' } }));
    renderAt(`/${name}/r1`, {
      getOne: async () => ({ data: record }),
      getHistory: noHistory,
      duplicateImages,
      create,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(duplicateImages).toHaveBeenCalledWith(name, 'r1');
    expect(await screen.findByRole('heading', { name: s.texts.en.add })).toBeVisible();
    expect(screen.getByText(`Copied from ${String(record[labelOf(d)])}.`)).toBeVisible();
    // Saved as it opened (a unique field written anew): the record's values with the copies of its images.
    const unique = fieldsOfResource(d).filter(([, f]) => f.unique);
    for (const [k] of unique) {
      const input = screen.getByRole('textbox', { name: new RegExp(`^${s.texts.en.fields[k]}`) });
      expect(input).toHaveValue('');
      await userEvent.type(input, 'A new one');
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    const sent = create.mock.calls[0]![1].data as Record<string, unknown>;
    for (const [k] of images) expect(sent[k]).toEqual(copies[k]!.images);
    for (const [k] of unique) expect(sent[k]).toBe('A new one');
    for (const [k, f] of fieldsOfResource(d))
      if (f.kind !== 'images' && !f.unique && f.kind !== 'translated') expect(sent[k], k).toEqual(record[k]);
  });

  it.each(WITH)('says so and stays on the %s Edit page when the images cannot be copied', async (name, s) => {
    // react-admin logs a failed call in development.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt(`/${name}/r1`, {
      getOne: async () => ({ data: recordOf(s.description, 1) }),
      getHistory: noHistory,
      duplicateImages: async () => Promise.reject(new Error('no')),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText("Could not copy the record's images.")).toBeVisible();
    expect(screen.getByRole('heading', { name: s.texts.en.edit })).toBeVisible();
  });

  it.each(WITHOUT)('shows no Duplicate on a %s record', async (name, s) => {
    renderAt(`/${name}/r1`, { getOne: async () => ({ data: recordOf(s.description, 1) }), getHistory: noHistory });
    expect(await screen.findByRole('heading', { name: s.texts.en.edit })).toBeVisible();
    await screen.findByRole('button', { name: 'Save' });
    expect(screen.queryByRole('button', { name: 'Duplicate' })).toBeNull();
  });
});
