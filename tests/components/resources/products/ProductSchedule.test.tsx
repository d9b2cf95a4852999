import { Route, Routes, useLocation } from 'react-router-dom';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateParams } from 'react-admin';
import ProductEdit from '../../../../resources/products/ProductEdit';
import ProductCreate from '../../../../resources/products/ProductCreate';
import type { Product } from '../../../../domain/products';
import type { AppDataProvider } from '../../../../base/backend';
import { zoneOffsetName, type ScheduleSettings } from '../../../../domain/schedule';
import { setLocale } from '../../../../base/locale';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { productWith } from './fakes';

type Update = (resource: string, params: UpdateParams) => Promise<{ data: Product }>;

function Where() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}

function setup(p: Product, settings: ScheduleSettings, over: Partial<AppDataProvider> = {}) {
  const update = vi.fn<Update>(async (_r, { data }) => ({
    data: { ...p, ...(data as object), version: p.version + 1 },
  }));
  const duplicateImages = vi.fn(async (_resource: string, _id: string) => ({
    images: {
      images: ['/files/Uploads/u1_c_copy.jpg'],
      thumbnails: ['/files/Uploads/u1_c_copy.jpg.thumb.webp'],
    },
  }));
  const dataProvider = fakeDataProvider({
    getOne: (async () => ({ data: p })) as unknown as AppDataProvider['getOne'],
    update: update as unknown as AppDataProvider['update'],
    scheduleSettings: async () => settings,
    duplicateImages,
    ...over,
  });
  renderInAdmin(
    <Routes>
      <Route path="/products/edit-product/:getUid" element={<ProductEdit />} />
      <Route path="/products/add-product" element={<ProductCreate />} />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path: '/products/edit-product/p1', dataProvider, authProvider: fakeAuthProvider(userWith({ isEditor: true })) },
  );
  return { update, duplicateImages };
}

/** A time picker (MUI X) named by its label: the group of its sections, once the pickers' chunk has come. */
const timeGroup = (label: string): Promise<HTMLElement> =>
  screen.findByRole('group', { name: label }, { timeout: 10_000 });
/** Its text, which a whole date and time written at once (as a paste does) changes. */
const timeBox = async (label: string): Promise<HTMLInputElement> => {
  const input = (await timeGroup(label)).parentElement?.querySelector('input');
  if (!input) throw new Error(`No picker named ${label}`);
  return input;
};
/** '2026-12-24T18:30' as the English UI writes it: '24/12/2026 18:30'. */
const written = (wall: string): string => {
  const [, y, m, d, time] = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}:\d{2})$/.exec(wall)!;
  return `${d}/${m}/${y} ${time}`;
};

afterEach(() => {
  vi.restoreAllMocks();
  act(() => setLocale('en'));
});

describe('Scheduled status on the product form', () => {
  it(
    'shows the times as wall times in the shop time zone, names ' +
      'the zone, and saves what is typed as the instant it names',
    async () => {
      // 2026-07-01 10:00 UTC is 12:00 in Stockholm (summer time).
      const { update } = setup(productWith({ activeFrom: '2026-07-01T10:00:00.000Z', activeUntil: null }), {
        timeZone: 'Europe/Stockholm',
        available: true,
      });
      await waitFor(async () => expect(await timeBox('Active from')).toHaveValue('01/07/2026 12:00'));
      const zone = `Times are in the shop's time zone: Europe/Stockholm (${zoneOffsetName('Europe/Stockholm')}).`;
      expect(screen.getByText(zone)).toBeInTheDocument();
      // Each time is read with the zone it is in.
      expect(await timeGroup('Active from')).toHaveAccessibleDescription(zone);
      expect(await timeGroup('Active until')).toHaveAccessibleDescription(zone);
      fireEvent.change(await timeBox('Active until'), { target: { value: written('2026-12-24T18:30') } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 10_000 });
      // Winter: 18:30 in Stockholm is 17:30 UTC; the unchanged 'from' goes back as it was.
      expect(update.mock.calls[0]![1].data).toMatchObject({
        activeFrom: '2026-07-01T10:00:00.000Z',
        activeUntil: '2026-12-24T17:30:00.000Z',
      });
    },
  );

  it('says beside the field, before sending, that a product waiting for its Active from must be inactive', async () => {
    // The window rule the server decides with (domain/schedule.ts), checked in the form too.
    const { update } = setup(productWith({ active: true }), { timeZone: 'UTC', available: true });
    const soon = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16);
    fireEvent.change(await timeBox('Active from'), { target: { value: written(soon) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notYet =
      'A product with an Active from to come must be inactive until then: set it inactive, or clear Active from.';
    expect(await screen.findByText(notYet)).toBeVisible();
    expect(await timeGroup('Active from')).toHaveAttribute('aria-invalid', 'true');
    expect(update).not.toHaveBeenCalled();
    // Set inactive: the message goes at once, and the save goes through.
    await userEvent.click(screen.getByRole('combobox', { name: /^Status/ }));
    await userEvent.click(screen.getByRole('option', { name: 'Disabled' }));
    await waitFor(() => expect(screen.queryByText(notYet)).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 10_000 });
    expect(update.mock.calls[0]![1].data).toMatchObject({ active: false, activeFrom: `${soon}:00.000Z` });
  });

  it('says beside Active until, in Swedish too, that Active from must come before it', async () => {
    const { update } = setup(productWith({ active: false }), { timeZone: 'UTC', available: true });
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 16);
    fireEvent.change(await timeBox('Active from'), { target: { value: written(day(3)) } });
    fireEvent.change(await timeBox('Active until'), { target: { value: written(day(2)) } });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Active from must be before Active until.')).toBeVisible();
    expect(await timeGroup('Active until')).toHaveAttribute('aria-invalid', 'true');
    expect(await timeGroup('Active from')).not.toHaveAttribute('aria-invalid', 'true');
    act(() => setLocale('sv'));
    await userEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Aktiv från måste vara före Aktiv till.')).toBeVisible();
    expect(update).not.toHaveBeenCalled();
  });

  it(
    'says scheduling is not available where the back ' + 'end has no scheduler (Firebase), and sends no times',
    async () => {
      const { update } = setup(productWith(), { timeZone: '', available: false });
      expect(await screen.findByText('Scheduling is not available with the Firebase back end.')).toBeVisible();
      expect(screen.queryByLabelText('Active from')).not.toBeInTheDocument();
      fireEvent.change(screen.getByRole('textbox', { name: /^Price/ }), { target: { value: '199 SEK' } });
      await userEvent.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(update).toHaveBeenCalled(), { timeout: 10_000 });
      expect(update.mock.calls[0]![1].data).not.toHaveProperty('activeFrom');
    },
  );
});

describe('Duplicate', () => {
  it(
    'copies the images, then opens Add Product with the ' + 'fields, Swedish texts and copies, and an empty SKU',
    async () => {
      const { duplicateImages } = setup(productWith({ translations: { se: { name: 'Salviahandduk' } } }), {
        timeZone: 'UTC',
        available: true,
      });
      await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
      expect(duplicateImages).toHaveBeenCalledWith('products', 'p1');
      expect(await screen.findByRole('heading', { name: 'Add Product' })).toBeVisible();
      expect(screen.getByText('Copied from LI-1001. Enter a new SKU.')).toBeVisible();
      expect(await screen.findByRole('textbox', { name: /^SKU/ })).toHaveValue('');
      expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Sage linen towel');
      expect(screen.getByRole('textbox', { name: 'Swedish name' })).toHaveValue('Salviahandduk');
    },
  );

  it('says so and stays when the images cannot be copied', async () => {
    // react-admin logs a failed call in development.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    setup(
      productWith(),
      { timeZone: 'UTC', available: true },
      { duplicateImages: async () => Promise.reject(new Error('no')) },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate' }));
    expect(await screen.findByText("Could not copy the product's images.")).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Edit Product' })).toBeVisible();
  });
});
