import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { describe, expect, it, vi } from 'vitest';
import Console from '../../../src/Console';
import { consoleResources } from '../../../resources';
import { recordsResource } from '../../../resources/shared/records';
import { suppliers } from '../../fixtures/suppliers';
import { fakeAuthProvider, fakeDataProvider, userWith } from '../helpers';

// The throwaway 'suppliers' (tests/fixtures/suppliers.ts), given screens from its description alone: a sidebar group,
// a paged table, add, edit and exact search, with nothing written for it but its texts and columns.
const screens = recordsResource({
  name: 'suppliers',
  area: 'products',
  icon: LocalShippingIcon,
  load: async () => suppliers,
  texts: () => ({
    menu: 'Suppliers',
    list: 'Supplier list',
    add: 'Add supplier',
    edit: 'Edit supplier',
    search: 'Search supplier',
    searchField: 'Supplier code',
    empty: 'No suppliers',
    failed: 'Could not fetch suppliers',
    fields: { code: 'Code', name: 'Name', email: 'Email', leadDays: 'Lead days', active: 'Active' },
  }),
  columns: ['code', 'name', 'leadDays', 'active'],
  phone: { primary: 'name', secondary: ['code'] },
});

const record = (n: number) => ({ id: `id${n}`, code: `S-${n}`, name: `Supplier ${n}`, email: `s${n}@example.com`, leadDays: n, active: n === 1, version: 1, created: '2026-01-01T00:00:00.000Z', updated: null });

function renderAt(path: string, data: Record<string, unknown>, flags = { isAdmin: false, isEditor: true }) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Console
        authProvider={fakeAuthProvider(userWith(flags))}
        dataProvider={fakeDataProvider(data as never)}
        store={memoryStore()}
        resources={[...consoleResources, screens]}
      />
    </MemoryRouter>,
  );
}

describe('a simple resource’s screens from its description', () => {
  it('lists its records in a table with EDIT links, and has its sidebar group', async () => {
    const getList = vi.fn(async () => ({ data: [record(1), record(2)], meta: { next: null } }));
    renderAt('/suppliers/list', { getList });
    expect(await screen.findByRole('heading', { name: 'Supplier list' })).toBeVisible();
    const table = await screen.findByRole('table', { name: 'Supplier list' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual(['CodeNameLead daysActiveEDIT', 'S-1Supplier 11TrueEDIT', 'S-2Supplier 22FalseEDIT']);
    expect(within(rows[1]!).getByRole('link', { name: 'EDIT S-1' })).toHaveAttribute('href', '/suppliers/edit/id1');
    expect(screen.getByRole('menuitem', { name: 'Add supplier' })).toHaveAttribute('href', '/suppliers/add');
    expect(screen.getByRole('menuitem', { name: 'Search supplier' })).toHaveAttribute('href', '/suppliers/search');
    expect(getList).toHaveBeenCalledWith('suppliers', expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
  });

  it('adds a record with its fields only, then opens its edit page, where the locked field is read-only', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({ data: { ...record(9), ...data } }));
    const getOne = vi.fn(async () => ({ data: { ...record(9), code: 'S-NEW' } }));
    renderAt('/suppliers/add', { create, getOne });
    expect(await screen.findByRole('heading', { name: 'Add supplier' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Code *'), 'S-NEW');
    await userEvent.type(screen.getByLabelText('Name *'), 'New supplier');
    await userEvent.type(screen.getByLabelText('Email *'), 'new@example.com');
    await userEvent.clear(screen.getByLabelText('Lead days *'));
    await userEvent.type(screen.getByLabelText('Lead days *'), '14');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({ code: 'S-NEW', name: 'New supplier', email: 'new@example.com', leadDays: 14, active: false });
    expect(await screen.findByRole('heading', { name: 'Edit supplier' })).toBeVisible();
    expect(getOne).toHaveBeenCalledWith('suppliers', expect.objectContaining({ id: 'id9' }));
    await waitFor(() => expect(screen.getByLabelText(/^Code/)).toHaveValue('S-NEW'));
    expect(screen.getByLabelText(/^Code/)).toHaveAttribute('readonly');
  });

  it('keeps what was typed and says why when the value is taken', async () => {
    const create = vi.fn(async () => Promise.reject(Object.assign(new Error('Another record already has this value.'), { status: 409 })));
    renderAt('/suppliers/add', { create });
    await userEvent.type(await screen.findByLabelText('Code *'), 'S-1');
    await userEvent.type(screen.getByLabelText('Name *'), 'Dup');
    await userEvent.type(screen.getByLabelText('Email *'), 'd@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findAllByText('Another record already has this value.')).length).toBeGreaterThanOrEqual(1);
    expect(screen.getByLabelText('Code *')).toHaveValue('S-1');
    expect(screen.getByRole('heading', { name: 'Add supplier' })).toBeVisible();
  });

  it('finds a record by its search field exactly and opens it', async () => {
    const getList = vi.fn(async () => ({ data: [record(2)], meta: { next: null } }));
    const getOne = vi.fn(async () => ({ data: record(2) }));
    renderAt('/suppliers/search', { getList, getOne });
    await userEvent.type(await screen.findByLabelText('Supplier code *'), 'S-2');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: 'Edit supplier' })).toBeVisible();
    expect(getList).toHaveBeenCalledWith('suppliers', expect.objectContaining({ filter: { code: 'S-2' } }));
  });

  it('is refused to a role outside its area', async () => {
    renderAt('/suppliers/add', {}, { isAdmin: false, isEditor: false });
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Add supplier' })).not.toBeInTheDocument();
  });
});
