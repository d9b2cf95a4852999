import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import {
  DeleteButton,
  EditButton,
  memoryStore,
  RecordContextProvider,
  type Store,
  ReferenceField,
  ShowButton,
  TextField,
} from 'react-admin';
import LinkIcon from '@mui/icons-material/Link';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Console from '../../../src/Console';
import { createConsoleStore } from '../../../src/store';
import { consoleResources, type ResourceDefinition } from '../../../resources';
import { fakeAuthProvider, fakeDataProvider, userWith } from '../helpers';
import { DESCRIBED, listOf, recordOf } from './described/cases';

// Each described resource is react-admin's own <Resource list create edit show>: react-admin's EditButton,
// ShowButton, ReferenceField link and its redirect after a delete reach its pages with no navigation of ours, and
// the addresses its pages had before (bookmarks) open them at react-admin's.

const admin = { isAdmin: true, isEditor: true };

afterEach(() => vi.restoreAllMocks());

/** The address the console is at. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}

/** A page of react-admin's own buttons for one record of a described resource (a test fixture, not the product). */
function linksTo(name: string, field: string): ResourceDefinition {
  const record = { id: 'r1', version: 3 };
  const Links = () => (
    <>
      <EditButton resource={name} record={record} label="Its edit" />
      <ShowButton resource={name} record={record} label="Its show" />
      <DeleteButton resource={name} record={record} label="Its delete" mutationMode="pessimistic" />
      <RecordContextProvider value={{ id: 'x1', pointsTo: 'r1' }}>
        <ReferenceField source="pointsTo" reference={name} link="edit">
          <TextField source={field} />
        </ReferenceField>
      </RecordContextProvider>
    </>
  );
  return {
    name: 'links',
    area: 'products',
    icon: LinkIcon,
    menu: { label: 'Links', items: [{ path: 'all', label: 'All links' }] },
    pages: [{ path: 'all', element: createElement(Links) }],
  };
}

function renderAt(
  path: string,
  data: Record<string, unknown>,
  extra: ResourceDefinition[] = [],
  store: Store = memoryStore(),
): void {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Address />
      <Console
        authProvider={fakeAuthProvider(userWith(admin))}
        dataProvider={fakeDataProvider(data as never)}
        store={store}
        resources={[...consoleResources, ...extra]}
      />
    </MemoryRouter>,
  );
}

const address = () => screen.getByRole('status', { name: 'address' });

describe.each(DESCRIBED)('the described resource %s on react-admin paths', (name, s) => {
  const d = s.description;
  const t = s.texts.en;
  const one = recordOf(d, 1);
  const data = () => ({
    getOne: vi.fn(async () => ({ data: one })),
    getMany: vi.fn(async () => ({ data: [one] })),
    getList: vi.fn(async () => listOf([one])),
    getHistory: vi.fn(async () => ({ items: [], next: null })),
    delete: vi.fn(async () => ({ data: one })),
  });

  it("react-admin's EditButton opens its edit page, whose Back goes to react-admin's list address", async () => {
    renderAt('/links/all', data(), [linksTo(name, d.search)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Its edit' }));
    expect(await screen.findByRole('heading', { name: t.edit, level: 1 })).toBeVisible();
    expect(address()).toHaveTextContent(new RegExp(`^/${name}/r1$`));

    await userEvent.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: t.list, level: 1 })).toBeVisible();
    expect(address()).toHaveTextContent(new RegExp(`^/${name}$`));
  });

  it("react-admin's ShowButton opens its show page", async () => {
    renderAt('/links/all', data(), [linksTo(name, d.search)]);
    await userEvent.click(await screen.findByRole('link', { name: 'Its show' }));
    expect(address()).toHaveTextContent(new RegExp(`^/${name}/r1/show$`));
    expect(await screen.findByRole('heading', { name: String(one[s.phone.primary]), level: 1 })).toBeVisible();
  });

  it("react-admin's ReferenceField links to the record's edit page", async () => {
    renderAt('/links/all', data(), [linksTo(name, d.search)]);
    const link = await screen.findByRole('link', { name: String(one[d.search]) });
    expect(link).toHaveAttribute('href', `/${name}/r1`);
    await userEvent.click(link);
    expect(await screen.findByRole('heading', { name: t.edit, level: 1 })).toBeVisible();
  });

  it("react-admin's DeleteButton, with its own effects, goes to the list after the delete", async () => {
    const given = data();
    renderAt('/links/all', given, [linksTo(name, d.search)]);
    await userEvent.click(await screen.findByRole('button', { name: 'Its delete' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /confirm/i }));
    await waitFor(() => expect(given.delete).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { name: t.list, level: 1 })).toBeVisible();
    expect(address()).toHaveTextContent(new RegExp(`^/${name}$`));
  });

  it("opens its list at the page's top, not where react-admin's list view was last scrolled", async () => {
    const store = createConsoleStore();
    // As react-admin's list view records it while someone scrolls its list.
    store.setItem(`${name}.list.scrollPosition`, 600);
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    renderAt(`/${name}`, data(), [], store);
    expect(await screen.findByRole('table', { name: t.list })).toBeVisible();
    // The page's top is ScrollToTop's (src/App.tsx, outside the console): react-admin's restore is not called.
    expect(scrollTo).not.toHaveBeenCalledWith(0, 600);
  });

  it.each([
    ['list', '', () => t.list],
    ['add', '/create', () => t.add],
    ['edit/r1', '/r1', () => t.edit],
    ['show/r1', '/r1/show', () => String(one[s.phone.primary])],
  ])('sends its old address /%s on to react-admin’s, keeping the query', async (old, now, heading) => {
    renderAt(`/${name}/${old}?from=mail`, data());
    expect(await screen.findByRole('heading', { name: heading(), level: 1 })).toBeVisible();
    expect(address()).toHaveTextContent(new RegExp(`^/${name}${now}\\?from=mail$`));
  });
});
