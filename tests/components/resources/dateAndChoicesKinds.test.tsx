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
    fireEvent.change(screen.getByLabelText('Day *'), { target: { value: '2026-10-24' } });
    // 24 October is still summer time in Stockholm (UTC+2).
    fireEvent.change(screen.getByLabelText('Opens *'), { target: { value: '2026-10-24T09:00' } });
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
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Required')).length).toBeGreaterThanOrEqual(3);
    expect(create).not.toHaveBeenCalled();
  });
});
