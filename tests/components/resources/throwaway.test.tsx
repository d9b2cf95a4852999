import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { memoryStore } from 'react-admin';
import { createElement } from 'react';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import { describe, expect, it } from 'vitest';
import Console from '../../../src/Console';
import { consoleResources, type ResourceDefinition } from '../../../resources';
import { fakeAuthProvider, fakeDataProvider, userWith } from '../helpers';

// A resource the console does not have, registered from its descriptor alone: no edit of the menu, the routes or
// Console. (A test fixture: suppliers are not part of the product.)
const SupplierList = () => createElement('h1', null, 'All suppliers');
const suppliers: ResourceDefinition = {
  name: 'suppliers',
  area: 'products',
  icon: LocalShippingIcon,
  menu: { label: 'Suppliers', items: [{ path: 'list', label: 'Supplier list' }] },
  pages: [{ path: 'list', element: createElement(SupplierList) }],
};

function renderConsole(path: string, flags: { isAdmin: boolean; isEditor: boolean }) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Console
        authProvider={fakeAuthProvider(userWith(flags))}
        dataProvider={fakeDataProvider()}
        store={memoryStore()}
        resources={[...consoleResources, suppliers]}
      />
    </MemoryRouter>,
  );
}

describe('a resource registered from its descriptor alone', () => {
  it('gets its sidebar group and its page, for the roles of its area', async () => {
    renderConsole('/suppliers/list', { isAdmin: false, isEditor: true });
    expect(await screen.findByRole('heading', { name: 'All suppliers' })).toBeVisible();
    const item = await screen.findByRole('menuitem', { name: 'Supplier list' });
    expect(item).toHaveAttribute('href', '/suppliers/list');
    expect(screen.getByText('Suppliers')).toBeVisible();
    // The console's own groups are still there, in order, with the new one after them.
    const names = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(names.indexOf('Swedish')).toBeLessThan(names.indexOf('Supplier list'));
  });

  it('is hidden from, and refused to, a role outside its area', async () => {
    renderConsole('/suppliers/list', { isAdmin: false, isEditor: false });
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'All suppliers' })).not.toBeInTheDocument();
    await screen.findByRole('menuitem', { name: 'Changelog' });
    expect(screen.queryByRole('menuitem', { name: 'Supplier list' })).not.toBeInTheDocument();
  });
});
