import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { describeResource, type ResourceDescription } from '../../../domain/resourceDescription';
import { fixtureResource, renderConsoleAt } from './renderConsole';

// Described resources whose access is not their area's: the sidebar, each page's guard and the list's links follow
// the description (the server's own rule), not the area. (Test fixtures: notices and costs are not in the product.)
const fields = { title: { kind: 'line', max: 80 }, body: { kind: 'text', max: 500 } } as const;
const describe2 = (name: string, access: ResourceDescription['access']) =>
  describeResource({ name, area: 'products', access, fields, sort: { field: 'title', order: 'asc' }, search: 'title' });
// Everyone signed in reads notices; editors change them. Only admins see costs, though they sit in the products area.
const notices = describe2('notices', { read: 'signedIn' });
const costs = describe2('costs', { read: 'admin', edit: 'admin' });
const screensOf = (description: ResourceDescription, one: string) =>
  fixtureResource(description, one, {
    fields: { title: 'Title', body: 'Text' },
    columns: ['title'],
    phone: { primary: 'title', secondary: [] },
  });
const fixtures = [screensOf(notices, 'Notice'), screensOf(costs, 'Cost')];

const notice = {
  id: 'n1',
  title: 'Closed on Friday',
  body: 'Stocktaking.',
  version: 2,
  created: '2026-01-01T00:00:00Z',
};

function renderAt(path: string, flags: { isAdmin: boolean; isEditor: boolean }, data: Record<string, unknown> = {}) {
  renderConsoleAt(
    path,
    {
      getList: vi.fn(async () => ({ data: [notice], pageInfo: { hasNextPage: false, hasPreviousPage: false } })),
      getOne: vi.fn(async () => ({ data: notice })),
      getHistory: vi.fn(async () => ({ items: [], next: null })),
      ...data,
    },
    flags,
    fixtures,
  );
}

const staff = { isAdmin: false, isEditor: false };
const editor = { isAdmin: false, isEditor: true };

describe('a described resource read by more people than may change it', () => {
  it('lists it for someone who may only read: its list and search in the sidebar, no Add, rows open Show', async () => {
    renderAt('/notices', staff);
    const table = await screen.findByRole('table', { name: 'Notice list' });
    const show = within(table).getByRole('link', { name: 'Show Closed on Friday' });
    expect(show).toHaveAttribute('href', '/notices/n1/show');
    expect(screen.getByRole('menuitem', { name: 'Notice list' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Search notice' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Add notice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Import' })).not.toBeInTheDocument();
    // The products area itself stays closed to them.
    expect(screen.queryByRole('menuitem', { name: 'Product List' })).not.toBeInTheDocument();
  });

  it('shows a record read-only, with its history and nothing to save or delete', async () => {
    renderAt('/notices/n1/show', staff);
    expect(await screen.findByDisplayValue('Closed on Friday')).toHaveAttribute('readonly');
    expect(screen.getByRole('heading', { name: 'Closed on Friday', level: 1 })).toBeVisible();
    expect(screen.getByDisplayValue('Stocktaking.')).toHaveAttribute('readonly');
    expect(await screen.findByRole('heading', { name: 'History' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('refuses them the add and edit pages, which an editor opens', async () => {
    renderAt('/notices/n1', staff);
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
  });

  it('gives an editor the EDIT link and the add page', async () => {
    renderAt('/notices', editor);
    const table = await screen.findByRole('table', { name: 'Notice list' });
    expect(within(table).getByRole('link', { name: 'EDIT Closed on Friday' })).toHaveAttribute('href', '/notices/n1');
    expect(screen.getByRole('menuitem', { name: 'Add notice' })).toBeVisible();
  });
});

describe('a described resource closer than its area', () => {
  it('is hidden from, and refused to, an editor of the area', async () => {
    renderAt('/costs', editor);
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    await screen.findByRole('menuitem', { name: 'Notice list' });
    expect(screen.queryByRole('menuitem', { name: 'Cost list' })).not.toBeInTheDocument();
  });

  it('is there for an admin', async () => {
    renderAt('/costs', { isAdmin: true, isEditor: false });
    expect(await screen.findByRole('table', { name: 'Cost list' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Cost list' })).toBeVisible();
  });
});
