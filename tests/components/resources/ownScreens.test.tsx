import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { describe, expect, it, vi } from 'vitest';
import Console from '../../../src/Console';
import { consoleResources } from '../../../resources';
import { recordsResource, type RecordsScreens } from '../../../resources/shared/records';
import { describeRecords } from '../../../domain/records';
import { simpleDescriptions } from '../../../resources/descriptions';
import { mayAccess } from '../../../providers/shared/access';
import { fakeAuthProvider, fakeDataProvider, userWith } from '../helpers';

// A described resource that brings a screen of its own for one page (its edit page) and keeps the shared ones for the
// rest. (A test fixture: carriers are not part of the product.)
const description = describeRecords({
  name: 'carriers',
  area: 'products',
  fields: { name: { kind: 'line', max: 80, search: true }, note: { kind: 'text', max: 500 } },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
});
const words = {
  menu: 'Carriers',
  list: 'Carrier list',
  add: 'Add carrier',
  edit: 'Edit carrier',
  search: 'Search carrier',
  searchField: 'Name',
  empty: 'No carriers yet',
  failed: 'Could not fetch carriers',
  fields: { name: 'Name', note: 'Note' },
};

/** The carriers' own edit page: the shared one, with a line of its own above it. */
async function ownEdit() {
  const { RecordEdit } = await import('../../../resources/shared/RecordEdit');
  return {
    default: ({ screens }: { screens: RecordsScreens }) => (
      <>
        <p>Pick-up times are agreed by phone.</p>
        <RecordEdit screens={screens} />
      </>
    ),
  };
}

const carriers = recordsResource({
  description,
  texts: { en: words, sv: words },
  icon: LocalShippingIcon,
  columns: ['name'],
  phone: { primary: 'name', secondary: [] },
  own: { edit: ownEdit },
});

const carrier = { id: 'c1', name: 'Postnord', note: '', version: 1, created: '2026-01-01T00:00:00Z', updated: null };

function renderAt(path: string, data: Record<string, unknown>) {
  const user = userWith({ isAdmin: false, isEditor: true });
  // The providers' rule, knowing the carriers as the console would know a folder's description.
  const canAccess = vi.fn(async ({ resource, action }: { resource: string; action: string }) =>
    mayAccess(user, resource, action, [...simpleDescriptions, description]),
  );
  render(
    <MemoryRouter initialEntries={[path]}>
      <Console
        authProvider={fakeAuthProvider(user, { canAccess })}
        dataProvider={fakeDataProvider(data as never)}
        store={memoryStore()}
        resources={[...consoleResources, carriers]}
      />
    </MemoryRouter>,
  );
}

describe('a described resource with a screen of its own', () => {
  it('shows its own edit page, which may hold the shared one', async () => {
    const getOne = vi.fn(async () => ({ data: carrier }));
    const getHistory = vi.fn(async () => ({ items: [], next: null }));
    renderAt('/carriers/c1', { getOne, getHistory });
    expect(await screen.findByText('Pick-up times are agreed by phone.')).toBeVisible();
    expect(await screen.findByDisplayValue('Postnord')).toBeVisible();
    expect(screen.getByRole('heading', { name: 'Edit carrier' })).toBeVisible();
    expect(getOne).toHaveBeenCalledWith('carriers', expect.objectContaining({ id: 'c1' }));
  });

  it('keeps the shared pages it does not replace', async () => {
    const getList = vi.fn(async () => ({ data: [carrier], pageInfo: { hasNextPage: false, hasPreviousPage: false } }));
    renderAt('/carriers', { getList });
    const table = await screen.findByRole('table', { name: 'Carrier list' });
    expect(within(table).getByText('Postnord')).toBeVisible();
    expect(screen.queryByText('Pick-up times are agreed by phone.')).not.toBeInTheDocument();
  });
});
