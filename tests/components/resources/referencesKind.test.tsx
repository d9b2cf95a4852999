import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { describeResource } from '../../../domain/resourceDescription';
import { messages } from '../../../domain/messages';
import { fixtureResource, renderConsoleAt } from './renderConsole';
import { productWith } from './products/fakes';

// Several references (the `references` kind) on the shared pages, and a record's 'Used by', over a fake data provider:
// chips chosen by label on Add and Edit, the list's cell and the Show page by the labels the answer carries, and on
// a mill's Edit page the fabrics pointing to it, counted by the back end, each a link to the fabrics list filtered to
// them; a delete refused because of them reads 'Used by' again and takes the reader there. (Mills and fabrics are
// test fixtures.)
const millsDescription = describeResource({
  name: 'mills',
  area: 'products',
  access: { read: 'signedIn' },
  fields: { name: { kind: 'line', max: 80, search: true } },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
});
const fabricsDescription = describeResource({
  name: 'fabrics',
  area: 'products',
  access: { read: 'signedIn' },
  fields: {
    title: { kind: 'line', max: 80 },
    mills: { kind: 'references', to: 'mills', max: 2 },
  },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});
const mills = fixtureResource(millsDescription, 'Mill', {
  fields: { name: 'Name' },
  columns: ['name'],
  phone: { primary: 'name', secondary: [] },
});
const fabrics = fixtureResource(fabricsDescription, 'Fabric', {
  fields: { title: 'Title', mills: 'Mills' },
  columns: ['title', 'mills'],
  phone: { primary: 'title', secondary: ['mills'] },
});
const MILLS = [
  { id: 'm1', name: 'Linen Mill AB', version: 1, created: '2026-01-01T00:00:00Z', updated: null },
  { id: 'm2', name: 'Wool Works', version: 1, created: '2026-01-01T00:00:00Z', updated: null },
  { id: 'm3', name: 'Idle Mill', version: 1, created: '2026-01-01T00:00:00Z', updated: null },
];
const fabric = {
  id: 'f1',
  title: 'Half linen',
  mills: ['m2', 'm1'],
  labels: { mills: 'Wool Works; Linen Mill AB' },
  version: 2,
  created: '2026-01-01T00:00:00Z',
  updated: null,
};
const listed = { pageInfo: { hasNextPage: false, hasPreviousPage: false } };
const millsOf = (ids: readonly unknown[]) => MILLS.filter((x) => ids.includes(x.id));
const editor = { isAdmin: false, isEditor: true };

/** The data calls the mills' choices need: the list to choose from, and the mills a record names. */
const millCalls = (getListOf: Record<string, unknown[]> = {}) => ({
  getList: vi.fn(async (resource: string) => ({ data: getListOf[resource] ?? MILLS, ...listed })),
  getMany: vi.fn(async (_r: string, { ids }: { ids: unknown[] }) => ({ data: millsOf(ids) })),
  getHistory: vi.fn(async () => ({ items: [], next: null })),
});

describe('the references kind', () => {
  it('lists a fabric’s mills by their labels', async () => {
    renderConsoleAt('/fabrics', millCalls({ fabrics: [fabric] }), editor, [fabrics, mills]);
    const table = await screen.findByRole('table', { name: 'Fabric list' });
    expect(within(table).getByRole('cell', { name: 'Wool Works; Linen Mill AB' })).toBeVisible();
  });

  it('adds a fabric with mills chosen as chips by their labels, sent as ids in the order chosen', async () => {
    const create = vi.fn(async (_r: string, { data }: { data: Record<string, unknown> }) => ({
      data: { ...fabric, ...data, id: 'f2' },
    }));
    renderConsoleAt('/fabrics/create', { ...millCalls(), create, getOne: async () => ({ data: fabric }) }, editor, [
      fabrics,
      mills,
    ]);
    expect(await screen.findByRole('heading', { name: 'Add fabric' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Title *'), 'Tweed');
    const input = screen.getByRole('combobox', { name: /^Mills/ });
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Wool Works' }));
    await userEvent.click(input);
    await userEvent.click(await screen.findByRole('option', { name: 'Idle Mill' }));
    expect(screen.getByRole('button', { name: 'Wool Works' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Idle Mill' })).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toEqual({ title: 'Tweed', mills: ['m2', 'm3'] });
  });

  it('refuses to save none where the field is required', async () => {
    const create = vi.fn();
    renderConsoleAt('/fabrics/create', { ...millCalls(), create }, editor, [fabrics, mills]);
    expect(await screen.findByRole('heading', { name: 'Add fabric' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Title *'), 'Tweed');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeVisible();
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses to save more than its max', async () => {
    const create = vi.fn();
    renderConsoleAt('/fabrics/create', { ...millCalls(), create }, editor, [fabrics, mills]);
    expect(await screen.findByRole('heading', { name: 'Add fabric' })).toBeVisible();
    await userEvent.type(screen.getByLabelText('Title *'), 'Tweed');
    const input = screen.getByRole('combobox', { name: /^Mills/ });
    for (const name of ['Wool Works', 'Idle Mill', 'Linen Mill AB']) {
      await userEvent.click(input);
      await userEvent.click(await screen.findByRole('option', { name }));
    }
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at most 2.')).toBeVisible();
    expect(create).not.toHaveBeenCalled();
  });

  it('shows the mills chosen as chips on Edit, and by their labels on Show to a reader', async () => {
    renderConsoleAt('/fabrics/f1', { ...millCalls(), getOne: async () => ({ data: fabric }) }, editor, [
      fabrics,
      mills,
    ]);
    expect(await screen.findByRole('button', { name: 'Wool Works' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Linen Mill AB' })).toBeVisible();
  });

  it('shows them by label, read-only, on Show to a reader, asking nothing of mills, and in the history', async () => {
    const entry = {
      id: '7',
      at: '2026-01-02T00:00:00Z',
      actor: 'u1',
      actorName: 'Eva Berg',
      kind: 'record',
      resource: 'fabrics',
      recordId: 'f1',
      action: 'changed',
      diff: { mills: [['m2'], ['m2', 'm1']] },
      labels: { m1: 'Linen Mill AB', m2: 'Wool Works' },
    };
    const calls = {
      ...millCalls(),
      getOne: async () => ({ data: fabric }),
      getHistory: vi.fn(async () => ({ items: [entry], next: null })),
    };
    renderConsoleAt('/fabrics/f1/show', calls, { isAdmin: false, isEditor: false }, [fabrics, mills]);
    expect(await screen.findByDisplayValue('Wool Works; Linen Mill AB')).toHaveAttribute('readonly');
    expect(await screen.findByText(/Wool Works, Linen Mill AB/)).toBeVisible();
    expect(calls.getMany).not.toHaveBeenCalled();
  });
});

describe('Used by', () => {
  const mill = MILLS[0]!;

  it('lists on a record’s Edit page how many records of each resource point to it, each a link to them', async () => {
    const getUsedBy = vi.fn(async () => [{ resource: 'fabrics', field: 'mills', count: 3 }]);
    renderConsoleAt('/mills/m1', { ...millCalls(), getOne: async () => ({ data: mill }), getUsedBy }, editor, [
      fabrics,
      mills,
    ]);
    const section = await screen.findByRole('region', { name: 'Used by' });
    const link = await within(section).findByRole('link', { name: '3 Fabrics' });
    expect(getUsedBy).toHaveBeenCalledWith('mills', 'm1');
    const href = new URL(link.getAttribute('href')!, 'http://x');
    expect(href.pathname).toBe('/fabrics');
    expect(JSON.parse(href.searchParams.get('filter')!)).toEqual({ mills: ['m1'] });
    await userEvent.click(link);
    expect(await screen.findByRole('table', { name: 'Fabric list' })).toBeVisible();
  });

  it('says none points to it on Show, where a resource could', async () => {
    const getUsedBy = vi.fn(async () => []);
    renderConsoleAt(
      '/mills/m1/show',
      { ...millCalls(), getOne: async () => ({ data: mill }), getUsedBy },
      { isAdmin: false, isEditor: false },
      [fabrics, mills],
    );
    const section = await screen.findByRole('region', { name: 'Used by' });
    expect(await within(section).findByText(messages.records.usedByNone)).toBeVisible();
  });

  it('is not shown for a resource nothing points to', async () => {
    const getUsedBy = vi.fn(async () => []);
    renderConsoleAt('/fabrics/f1', { ...millCalls(), getOne: async () => ({ data: fabric }), getUsedBy }, editor, [
      fabrics,
      mills,
    ]);
    expect(await screen.findByRole('button', { name: 'Wool Works' })).toBeVisible();
    // Nothing to ask the back end either.
    expect(getUsedBy).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Used by' })).not.toBeInTheDocument();
  });

  it('lists on a product’s Edit page what points to it, where a described resource points to products', async () => {
    const notes = fixtureResource(
      describeResource({
        name: 'notes',
        area: 'products',
        fields: { title: { kind: 'line', max: 80 }, product: { kind: 'reference', to: 'products' } },
        sort: { field: 'title', order: 'asc' },
        search: 'title',
      }),
      'Note',
      {
        fields: { title: 'Title', product: 'Product' },
        columns: ['title'],
        phone: { primary: 'title', secondary: [] },
      },
    );
    const getUsedBy = vi.fn(async () => [{ resource: 'notes', field: 'product', count: 2 }]);
    const calls = { ...millCalls(), getOne: async () => ({ data: productWith() }), getUsedBy };
    renderConsoleAt('/products/edit-product/p1', calls, editor, [notes]);
    const section = await screen.findByRole('region', { name: 'Used by' });
    const link = await within(section).findByRole('link', { name: '2 Notes' });
    expect(getUsedBy).toHaveBeenCalledWith('products', 'p1');
    expect(JSON.parse(new URL(link.getAttribute('href')!, 'http://x').searchParams.get('filter')!)).toEqual({
      product: 'p1',
    });
  });

  it('is read again and taken to when a delete is refused because others point to the record', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const getUsedBy = vi
      .fn()
      .mockResolvedValueOnce([])
      .mockResolvedValue([{ resource: 'fabrics', field: 'mills', count: 1 }]);
    const deleted = vi.fn(async () => Promise.reject(new HttpError(messages.records.inUse, 409)));
    renderConsoleAt(
      '/mills/m1',
      { ...millCalls(), getOne: async () => ({ data: mill }), getUsedBy, delete: deleted },
      { isAdmin: true, isEditor: true },
      [fabrics, mills],
    );
    await screen.findByText(messages.records.usedByNone);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm/i }));
    expect(await screen.findByText(messages.records.inUse)).toBeVisible();
    const section = await screen.findByRole('region', { name: 'Used by' });
    expect(await within(section).findByRole('link', { name: '1 Fabrics' })).toBeVisible();
    await waitFor(() => expect(within(section).getByRole('heading', { name: 'Used by' })).toHaveFocus());
  });
});
