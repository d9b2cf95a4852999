import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import { renderConsoleAt as renderAt } from './renderConsole';

// Suppliers (resources/suppliers/): the screens every simple resource gets from its folder, over a fake data provider.
const record = (n: number) => ({
  id: `id${n}`,
  name: `Weaver ${n}`,
  contactPerson: `Person ${n}`,
  email: `s${n}@example.com`,
  country: n === 1 ? 'SE' : 'LT',
  notes: '',
  version: 1,
  created: '2026-01-01T00:00:00.000Z',
  updated: null,
});

afterEach(() => setLocale('en'));

describe('suppliers, from their folder', () => {
  it('lists suppliers in a table with EDIT links and country names, and has its sidebar group', async () => {
    const getList = vi.fn(async () => ({
      data: [record(1), record(2)],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    renderAt('/suppliers/list', { getList });
    expect(await screen.findByRole('heading', { name: 'Supplier list' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Supplier list' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'NameContact personCountryEmailEDIT',
      'Weaver 1Person 1Swedens1@example.comEDIT',
      'Weaver 2Person 2Lithuanias2@example.comEDIT',
    ]);
    expect(within(rows[1]!).getByRole('link', { name: 'EDIT Weaver 1' })).toHaveAttribute(
      'href',
      '/suppliers/edit/id1',
    );
    expect(screen.getByRole('menuitem', { name: 'Add supplier' })).toHaveAttribute('href', '/suppliers/add');
    expect(screen.getByRole('menuitem', { name: 'Search supplier' })).toHaveAttribute('href', '/suppliers/search');
    expect(getList).toHaveBeenCalledWith(
      'suppliers',
      expect.objectContaining({ pagination: { page: 1, perPage: 10 } }),
    );
  });

  it('speaks Swedish: headings, columns and country names', async () => {
    setLocale('sv');
    const getList = vi.fn(async () => ({
      data: [record(1)],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    renderAt('/suppliers/list', { getList });
    const table = await screen.findByRole('table', { name: 'Leverantörslista' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent)[1],
    ).toContain('Sverige');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toContain('Kontaktperson');
    expect(screen.getByRole('menuitem', { name: 'Lägg till leverantör' })).toBeVisible();
  });

  it('adds a supplier with its fields only (optional ones left empty), then opens its edit page', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...record(9), ...data },
    }));
    const getOne = vi.fn(async () => ({ data: { ...record(9), name: 'New mill' } }));
    renderAt('/suppliers/add', { create, getOne });
    expect(await screen.findByRole('heading', { name: 'Add supplier' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Name *'), 'New mill');
    await userEvent.type(screen.getByLabelText('Country *'), 'Lithu');
    await userEvent.click(await screen.findByRole('option', { name: 'Lithuania' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({
      name: 'New mill',
      contactPerson: '',
      email: '',
      country: 'LT',
      notes: '',
    });
    expect(await screen.findByRole('heading', { name: 'Edit supplier' })).toBeVisible();
    expect(getOne).toHaveBeenCalledWith('suppliers', expect.objectContaining({ id: 'id9' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('New mill'));
  });

  it('keeps what was typed and says why when the name is taken', async () => {
    const create = vi.fn(async () =>
      Promise.reject(Object.assign(new Error('Another record already has this value.'), { status: 409 })),
    );
    renderAt('/suppliers/add', { create });
    await userEvent.type(await screen.findByLabelText('Name *'), 'Dup');
    await userEvent.type(screen.getByLabelText('Country *'), 'Swed');
    await userEvent.click(await screen.findByRole('option', { name: 'Sweden' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Another record already has this value.')).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('Name *')).toHaveValue('Dup');
    expect(screen.getByRole('heading', { name: 'Add supplier' })).toBeVisible();
  });

  it('finds a supplier by name exactly and opens it', async () => {
    const getList = vi.fn(async () => ({
      data: [record(2)],
      pageInfo: { hasNextPage: false, hasPreviousPage: false },
    }));
    const getOne = vi.fn(async () => ({ data: record(2) }));
    renderAt('/suppliers/search', { getList, getOne });
    await userEvent.type(await screen.findByLabelText('Supplier name *'), 'Weaver 2');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Edit supplier' })).toBeVisible();
    expect(getList).toHaveBeenCalledWith('suppliers', expect.objectContaining({ filter: { name: 'Weaver 2' } }));
  });

  it('is refused to a role outside its area', async () => {
    renderAt('/suppliers/add', {}, { isAdmin: false, isEditor: false });
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Add supplier' })).not.toBeInTheDocument();
  });
});
