import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import EventIcon from '@mui/icons-material/Event';
import { describe, expect, it, vi } from 'vitest';
import { describeResource } from '../../../domain/resourceDescription';
import { setLocale } from '../../../base/locale';
import { fixtureResource, renderConsoleAt } from './renderConsole';

// The kinds date, datetime and choices on the shared pages, through a described resource made here (a test fixture:
// fairs are not part of the product). The fake back end's shop is in Europe/Stockholm (fakeDataProvider).
const description = describeResource({
  name: 'fairs',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 80 },
    day: { kind: 'date' },
    opens: { kind: 'datetime' },
    stands: { kind: 'choices', options: ['linen', 'wool', 'cotton'] },
  },
  sort: { field: 'day', order: 'asc' },
  search: 'name',
});
const fairs = fixtureResource(description, 'Fair', {
  fields: { name: 'Name', day: 'Day', opens: 'Opens', stands: 'Stands' },
  columns: ['name', 'day', 'opens', 'stands'],
  phone: { primary: 'name', secondary: ['day'] },
  icon: EventIcon,
  en: { options: { stands: { linen: 'Linen', wool: 'Wool', cotton: 'Cotton' } } },
  sv: { list: 'Mässlista', options: { stands: { linen: 'Linne', wool: 'Ull', cotton: 'Bomull' } } },
});

const fair = {
  id: 'f1',
  name: 'Textile days',
  day: '2026-03-29',
  opens: '2026-03-29T12:30:00.000Z',
  stands: ['linen', 'cotton'],
  version: 1,
  created: '2026-01-01T00:00:00Z',
  updated: null,
};

const renderAt = (path: string, data: Record<string, unknown>) =>
  renderConsoleAt(path, data, { isAdmin: false, isEditor: true }, [fairs]);

/**
 * The text a date picker (MUI X) holds, under the group of its day, month and year named by the field's label; once
 * the pickers' own chunk has come.
 */
const pickerText = async (label: string): Promise<HTMLInputElement> => {
  const input = (await screen.findByRole('group', { name: label })).parentElement?.querySelector('input');
  if (!input) throw new Error(`No picker named ${label}`);
  return input;
};

const listed = { pageInfo: { hasNextPage: false, hasPreviousPage: false } };

describe('the kinds date, datetime and choices', () => {
  it.each([
    ['en', 'Fair list', '29 Mar 2026', '29 Mar 2026, 14:30', 'Linen, Cotton'],
    ['sv', 'Mässlista', '29 mars 2026', '29 mars 2026 14:30', 'Linne, Bomull'],
  ] as const)('lists them in the UI’s language (%s), the time in the shop’s zone', async (lang, list, ...cells) => {
    setLocale(lang);
    try {
      const getList = vi.fn(async () => ({ data: [fair], ...listed }));
      renderAt('/fairs', { getList });
      const table = await screen.findByRole('table', { name: list });
      for (const cell of cells) expect(await within(table).findByText(cell)).toBeVisible();
    } finally {
      setLocale('en');
    }
  });

  it('adds a record: a date as written, a time typed in the shop’s zone sent in UTC, the boxes ticked', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...fair, ...data, id: 'f2' },
    }));
    const getOne = vi.fn(async () => ({ data: { ...fair, id: 'f2' } }));
    renderAt('/fairs/create', { create, getOne });
    expect(await screen.findByRole('heading', { name: 'Add fair' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Name *'), 'Wool week');
    // The pickers' text as the English UI writes a date (a whole date written at once, as a paste or autofill does).
    fireEvent.change(await pickerText('Day'), { target: { value: '24/10/2026' } });
    // 24 October is still summer time in Stockholm (UTC+2).
    fireEvent.change(await pickerText('Opens'), { target: { value: '24/10/2026 09:00' } });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cotton' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Wool' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      name: 'Wool week',
      day: '2026-10-24',
      opens: '2026-10-24T07:00:00.000Z',
      stands: ['cotton', 'wool'],
    });
  });

  it('refuses to save without a day, a time and at least one box where they are required', async () => {
    const create = vi.fn();
    renderAt('/fairs/create', { create });
    expect(await screen.findByRole('heading', { name: 'Add fair' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Name *'), 'Wool week');
    await pickerText('Opens');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(3);
    expect(create).not.toHaveBeenCalled();
  });

  it.each([
    ['en', '29/03/2026', '29/03/2026 14:30'],
    ['sv', '2026-03-29', '2026-03-29 14:30'],
  ] as const)('edits a date and a time written as the UI’s language writes them (%s)', async (lang, day, opens) => {
    setLocale(lang);
    try {
      const update = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data }));
      renderAt('/fairs/f1', { getOne: vi.fn(async () => ({ data: fair })), update });
      // (The fixture's Swedish texts keep the English field labels.)
      await waitFor(async () => expect((await pickerText('Day')).value).toBe(day));
      // (The time once the shop's zone has come.)
      await waitFor(async () => expect((await pickerText('Opens')).value).toBe(opens));
    } finally {
      setLocale('en');
    }
  });

  it.each([
    ['en', 'YYYY'],
    ['sv', 'ÅÅÅÅ'],
  ] as const)('an empty day shows its year’s placeholder in the UI’s language (%s)', async (lang, year) => {
    setLocale(lang);
    try {
      renderAt('/fairs/create', {});
      const day = await screen.findByRole('group', { name: 'Day' });
      expect(
        within(day)
          .getAllByRole('spinbutton')
          .map((s) => s.textContent),
      ).toContain(year);
    } finally {
      setLocale('en');
    }
  });

  it('refuses a date typed part-way, says why, and sends nothing', async () => {
    const create = vi.fn();
    renderAt('/fairs/create', { create });
    expect(await screen.findByRole('heading', { name: 'Add fair' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Name *'), 'Wool week');
    // Typed as a person does, day then month, the year left out.
    await userEvent.click(
      within(await screen.findByRole('group', { name: 'Day' })).getByRole('spinbutton', { name: 'Day' }),
    );
    await userEvent.keyboard('2410');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Enter the whole date.')).toBeVisible();
    expect(create).not.toHaveBeenCalled();
  });

  it('filters by a range of days, a time by whole days, as the UI’s language writes them', async () => {
    const getList = vi.fn(async () => ({ data: [fair], ...listed }));
    renderAt('/fairs', { getList });
    await screen.findByRole('table', { name: 'Fair list' });
    fireEvent.change(await pickerText('Day from'), { target: { value: '01/03/2026' } });
    fireEvent.change(await pickerText('Opens to'), { target: { value: '31/03/2026' } });
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'fairs',
        expect.objectContaining({
          filter: expect.objectContaining({ day_gte: '2026-03-01', opens_lte: '2026-03-31T23:59:59.999Z' }),
        }),
      ),
    );
  });
});
