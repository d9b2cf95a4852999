import { screen, within } from '@testing-library/react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceScreens } from '../../../resources/shared/describedResource';
import { describeResource } from '../../../domain/resourceDescription';
import { fixtureResource, renderConsoleAt } from './renderConsole';

// A described resource that brings a screen of its own for one page (its edit page) and keeps the shared ones for the
// rest. (A test fixture: carriers are not part of the product.)
const description = describeResource({
  name: 'carriers',
  area: 'products',
  fields: { name: { kind: 'line', max: 80, search: true }, note: { kind: 'text', max: 500 } },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
});
/** The carriers' own edit page: the shared one, with a line of its own above it. */
async function ownEdit() {
  const { RecordEdit } = await import('../../../resources/shared/RecordEdit');
  return {
    default: ({ screens }: { screens: ResourceScreens }) => (
      <>
        <p>Pick-up times are agreed by phone.</p>
        <RecordEdit screens={screens} />
      </>
    ),
  };
}

const carriers = fixtureResource(description, 'Carrier', {
  fields: { name: 'Name', note: 'Note' },
  columns: ['name'],
  phone: { primary: 'name', secondary: [] },
  icon: LocalShippingIcon,
  own: { edit: ownEdit },
});

const carrier = { id: 'c1', name: 'Postnord', note: '', version: 1, created: '2026-01-01T00:00:00Z', updated: null };

const renderAt = (path: string, data: Record<string, unknown>) =>
  renderConsoleAt(path, data, { isAdmin: false, isEditor: true }, [carriers]);

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
