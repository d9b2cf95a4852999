import { Route, Routes } from 'react-router-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePermissions } from 'react-admin';
import ProductEdit from '../../../../resources/products/ProductEdit';
import { productDescription } from '../../../../domain/productFields';
import type { ResourceAccess, ResourceDescription } from '../../../../domain/resourceDescription';
import type { AppDataProvider } from '../../../../base/backend';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { productWith } from './fakes';

// Edit Product shows Delete only when the products' description has `access.delete` (production's
// has none, as the specification) and the person meets its levels, read included; then it is a described resource's
// Delete: the same confirmation, the version loaded, the list after.

const described = (access?: Partial<ResourceAccess>): ResourceDescription => ({ ...productDescription, access });

/** Says when the person's permissions are known, so a missing Delete is not merely not yet shown. */
function PermissionsKnown() {
  const { permissions } = usePermissions();
  return permissions ? <p>permissions known</p> : null;
}

function setup(description: ResourceDescription, flags: { isAdmin?: boolean; isEditor?: boolean }) {
  const deleted = vi.fn(async () => ({ data: productWith() }));
  const dataProvider = fakeDataProvider({
    getOne: (async () => ({ data: productWith() })) as unknown as AppDataProvider['getOne'],
    delete: deleted as unknown as AppDataProvider['delete'],
  });
  renderInAdmin(
    <>
      <PermissionsKnown />
      <Routes>
        <Route path="/products/edit-product/:getUid" element={<ProductEdit description={description} />} />
        <Route path="/products/products" element={<p>the products list</p>} />
      </Routes>
    </>,
    { path: '/products/edit-product/p1', dataProvider, authProvider: fakeAuthProvider(userWith(flags)) },
  );
  return { deleted };
}

/** Waits for the loaded form and the person's permissions. */
const loaded = async () => {
  expect(await screen.findByRole('textbox', { name: /^SKU/ })).toHaveValue('LI-1001');
  expect(await screen.findByText('permissions known')).toBeInTheDocument();
};

afterEach(() => vi.restoreAllMocks());

describe('Edit Product: Delete by description', () => {
  it.each([
    ['no delete in the description (production), an admin', described(undefined), { isAdmin: true, isEditor: true }],
    ['delete for admins, an editor', described({ delete: 'admin' }), { isEditor: true }],
    [
      'delete for editors but read for admins, an editor',
      described({ read: 'admin', delete: 'editor' }),
      { isEditor: true },
    ],
  ])('shows no Delete: %s', async (_name, description, flags) => {
    setup(description, flags);
    await loaded();
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('production has no delete line', () => {
    expect(productDescription.access?.delete).toBeUndefined();
  });

  it('lets an editor delete when the line says editor: confirmation, the version loaded, then the list', async () => {
    const { deleted } = setup(described({ delete: 'editor' }), { isEditor: true });
    await loaded();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this record? This cannot be undone.')).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(deleted).toHaveBeenCalled());
    expect(deleted.mock.calls[0]).toEqual([
      'products',
      expect.objectContaining({ id: 'p1', previousData: expect.objectContaining({ version: productWith().version }) }),
    ]);
    expect(await screen.findByText('the products list')).toBeVisible();
    expect(await screen.findByText('Deleted')).toBeVisible();
  });
});
