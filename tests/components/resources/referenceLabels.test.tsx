import { screen, within } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { describeResource } from '../../../domain/resourceDescription';
import { fixtureResource, renderConsoleAt } from './renderConsole';

// A reference shown by its record's label (the answer's `labels`), never its id, in the list, on the Show page of
// someone who may read the record but not the resource it points to, and in its history. (Fabrics is a test fixture.)
const fabrics = describeResource({
  name: 'fabrics',
  area: 'products',
  access: { read: 'signedIn' },
  fields: { title: { kind: 'line', max: 80 }, supplier: { kind: 'reference', to: 'suppliers' } },
  sort: { field: 'title', order: 'asc' },
  search: 'title',
});
const screens = fixtureResource(fabrics, 'Fabric', {
  fields: { title: 'Title', supplier: 'Supplier' },
  columns: ['title', 'supplier'],
  phone: { primary: 'title', secondary: ['supplier'] },
});
const SUPPLIER = '5b0c3c1e-9d1a-4c55-9a43-0f4a6f1b2c3d';
const fabric = {
  id: 'f1',
  title: 'Washed linen',
  supplier: SUPPLIER,
  labels: { supplier: 'Linen Mill AB' },
  version: 2,
  created: '2026-01-01T00:00:00Z',
  updated: '2026-01-02T00:00:00Z',
};
const entry = {
  id: '7',
  at: '2026-01-02T00:00:00Z',
  actor: 'u1',
  actorName: 'Eva Berg',
  kind: 'record',
  resource: 'fabrics',
  recordId: 'f1',
  action: 'changed',
  diff: { supplier: ['', SUPPLIER] },
  labels: { [SUPPLIER]: 'Linen Mill AB' },
};

function renderAt(path: string) {
  // The suppliers are the editors' (the server answers 403 to this reader).
  const getMany = vi.fn(async () => Promise.reject(new HttpError('Forbidden', 403)));
  renderConsoleAt(
    path,
    {
      getList: vi.fn(async () => ({ data: [fabric], pageInfo: { hasNextPage: false, hasPreviousPage: false } })),
      getOne: vi.fn(async () => ({ data: fabric })),
      getMany,
      getHistory: vi.fn(async () => ({ items: [entry], next: null })),
    },
    { isAdmin: false, isEditor: false },
    [screens],
  );
  return { getMany };
}

describe('a reference shown by its label', () => {
  it('lists the supplier by its name', async () => {
    renderAt('/fabrics/list');
    const table = await screen.findByRole('table', { name: 'Fabric list' });
    expect(within(table).getByRole('cell', { name: 'Linen Mill AB' })).toBeVisible();
    expect(within(table).queryByText(SUPPLIER)).not.toBeInTheDocument();
  });

  it('shows it by its name to a reader who may not read suppliers, in the field and in the history', async () => {
    const { getMany } = renderAt('/fabrics/show/f1');
    expect(await screen.findByDisplayValue('Linen Mill AB')).toHaveAttribute('readonly');
    expect(await screen.findByText('Eva Berg set Supplier to Linen Mill AB')).toBeVisible();
    expect(screen.queryByText('Your account does not have access to this.')).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SUPPLIER)).not.toBeInTheDocument();
    expect(getMany).not.toHaveBeenCalled();
  });
});
