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
// Console. (A test fixture: carriers are not part of the product.)
const CarrierList = () => createElement('h1', null, 'All carriers');
const carriers: ResourceDefinition = {
  name: 'carriers',
  area: 'products',
  icon: LocalShippingIcon,
  menu: { label: 'Carriers', items: [{ path: 'list', label: 'Carrier list' }] },
  pages: [{ path: 'list', element: createElement(CarrierList) }],
};

function renderConsole(path: string, flags: { isAdmin: boolean; isEditor: boolean }) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Console
        authProvider={fakeAuthProvider(userWith(flags))}
        dataProvider={fakeDataProvider()}
        store={memoryStore()}
        resources={[...consoleResources, carriers]}
      />
    </MemoryRouter>,
  );
}

describe('a resource registered from its descriptor alone', () => {
  it('gets its sidebar group and its page, for the roles of its area', async () => {
    renderConsole('/carriers/list', { isAdmin: false, isEditor: true });
    expect(await screen.findByRole('heading', { name: 'All carriers' })).toBeVisible();
    const item = await screen.findByRole('menuitem', { name: 'Carrier list' });
    expect(item).toHaveAttribute('href', '/carriers/list');
    expect(screen.getByText('Carriers')).toBeVisible();
    // The console's own groups are still there, in order, with the new one after them.
    const names = screen.getAllByRole('menuitem').map((i) => i.textContent);
    expect(names.indexOf('Supplier list')).toBeLessThan(names.indexOf('Carrier list'));
  });

  it('is hidden from, and refused to, a role outside its area', async () => {
    renderConsole('/carriers/list', { isAdmin: false, isEditor: false });
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'All carriers' })).not.toBeInTheDocument();
    await screen.findByRole('menuitem', { name: 'Changelog' });
    expect(screen.queryByRole('menuitem', { name: 'Carrier list' })).not.toBeInTheDocument();
  });
});
