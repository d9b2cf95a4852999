import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Dashboard from '../../../src/pages/Dashboard';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';
import type { AppDataProvider } from '../../../base/backend';
import { setLocale } from '../../../base/locale';
import type { CatalogueFigures, Dashboard as Figures, StaffFigures } from '../../../domain/dashboard';

const newest = [
  {
    ...userWith({ uid: 'u9', firstName: 'Nils', lastName: 'Nyman', email: 'nils@example.com' }),
    created: '2024-05-02T08:00:00.000Z',
    id: 'u9',
  },
  {
    ...userWith({ uid: 'u8', firstName: 'Maja', lastName: 'Malm', email: 'maja@example.com' }),
    created: '2024-05-01T08:00:00.000Z',
    id: 'u8',
  },
];

const catalogue: CatalogueFigures = {
  total: 30,
  active: 21,
  disabled: 9,
  scheduled: 2,
  byCategory: { Cotton: 12, Linen: 18 },
  missingSwedish: 4,
  upcoming: [{ id: 'p7', sku: 'LI-0007', name: 'Linen runner', active: false, at: '2030-05-02T08:00:00.000Z' }],
  recent: [
    {
      id: '41',
      at: '2030-05-01T08:00:00.000Z',
      actorName: 'Eva Berg',
      kind: 'product',
      resource: null,
      recordId: 'p3',
      recordLabel: 'CO-0003',
      action: 'changed',
    },
  ],
  perDay: [],
};
const staff: StaffFigures = {
  active: 6,
  inactive: 1,
  admins: 2,
  editors: 5,
  noSecondFactor: 3,
  require2fa: 'off',
  failedSignIns: 7,
  newest: newest.slice(0, 1),
};

function withFigures(flags: { isAdmin: boolean; isEditor: boolean }, answers: Figures[]) {
  let call = 0;
  const getDashboard = vi.fn(async () => answers[Math.min(call++, answers.length - 1)]!);
  const getList = vi.fn(async () => ({ data: [], total: 0 }));
  // The provider's live feed: the test says when a change is heard.
  const heard = new Set<() => void>();
  const subscribeDashboard = vi.fn(async (listener: () => void) => {
    heard.add(listener);
    return () => void heard.delete(listener);
  });
  const dataProvider: AppDataProvider = fakeDataProvider({ getDashboard, getList, subscribeDashboard });
  const view = renderInAdmin(<Dashboard />, { authProvider: fakeAuthProvider(userWith(flags)), dataProvider });
  const changed = (): void => act(() => heard.forEach((l) => l()));
  return { getDashboard, getList, changed, heard, view };
}

/** Each figure of a card: its link's text and address. */
const figures = (region: HTMLElement): [string, string | null][] =>
  within(region)
    .getAllByRole('link')
    .map((l) => [l.textContent ?? '', l.getAttribute('href')]);

describe('dashboard figures', () => {
  it('says in the place of a figure the back end cannot count (null) that it is not available, no link', async () => {
    withFigures({ isAdmin: true, isEditor: true }, [
      {
        catalogue: { ...catalogue, scheduled: null, missingSwedish: null, upcoming: null, recent: null, perDay: null },
        staff: { ...staff, noSecondFactor: null, failedSignIns: null },
      },
    ]);
    const card = await screen.findByRole('region', { name: 'Products at a glance' });
    expect(figures(card)).toEqual([
      ['30 All products', '/products/products'],
      ['21 Active', '/products/products?status=active'],
      ['9 Disabled', '/products/products?status=disabled'],
      ['12 Cotton', '/products/products?category=Cotton'],
      ['18 Linen', '/products/products?category=Linen'],
    ]);
    const notAvailable = 'Not available with the Firebase back end.';
    expect(card).toHaveTextContent(`Scheduled to change ${notAvailable}`);
    expect(card).toHaveTextContent(`Swedish name or details missing ${notAvailable}`);
    for (const name of ['Scheduled in the next 7 days', 'Changes per day, last 30 days', 'Last changes'])
      expect(screen.getByRole('region', { name })).toHaveTextContent(notAvailable);
    const people = screen.getByRole('region', { name: 'Staff at a glance' });
    expect(figures(people).slice(0, 4)).toEqual([
      ['6 Active accounts', '/users/users?show=active'],
      ['1 Inactive accounts', '/users/users?show=inactive'],
      ['2 Admins', '/users/users?show=admins'],
      ['5 Editors', '/users/users?show=editors'],
    ]);
    expect(people).toHaveTextContent(`Without a second factor ${notAvailable}`);
    expect(people).toHaveTextContent(`Failed sign-ins in the last 24 hours ${notAvailable}`);
  });

  it("shows editors the catalogue's figures, each a link to the products list filtered to those rows", async () => {
    withFigures({ isAdmin: false, isEditor: true }, [{ catalogue }]);
    const card = await screen.findByRole('region', { name: 'Products at a glance' });
    expect(figures(card)).toEqual([
      ['30 All products', '/products/products'],
      ['21 Active', '/products/products?status=active'],
      ['9 Disabled', '/products/products?status=disabled'],
      ['2 Scheduled to change', '/products/products?scheduled=true'],
      ['12 Cotton', '/products/products?category=Cotton'],
      ['18 Linen', '/products/products?category=Linen'],
      ['4 Swedish name or details missing', '/products/products?missing=se'],
    ]);
    const upcoming = screen.getByRole('region', { name: 'Scheduled in the next 7 days' });
    expect(within(upcoming).getByRole('link', { name: 'LI-0007 · Linen runner' })).toHaveAttribute(
      'href',
      '/products/edit-product/p7',
    );
    expect(upcoming).toHaveTextContent('becomes disabled');
    const recent = screen.getByRole('region', { name: 'Last changes' });
    expect(within(recent).getByRole('link', { name: 'Eva Berg changed CO-0003' })).toHaveAttribute(
      'href',
      '/products/edit-product/p3',
    );
    expect(screen.queryByRole('region', { name: 'Staff at a glance' })).not.toBeInTheDocument();
  });

  it('shows an admin the account’s email beside the name of who made a last change, as given', async () => {
    const told = {
      ...catalogue,
      recent: [{ ...catalogue.recent![0]!, actorName: 'Shop Admin', actorEmail: 'eva@x.se' }],
    };
    withFigures({ isAdmin: true, isEditor: true }, [{ catalogue: told, staff }]);
    const recent = await screen.findByRole('region', { name: 'Last changes' });
    expect(within(recent).getByRole('link', { name: 'Shop Admin (eva@x.se) changed CO-0003' })).toBeInTheDocument();
  });

  it('shows admins the staff figures and the newest users from the same answer', async () => {
    const { getList } = withFigures({ isAdmin: true, isEditor: false }, [{ staff }]);
    const card = await screen.findByRole('region', { name: 'Staff at a glance' });
    expect(figures(card)).toEqual([
      ['6 Active accounts', '/users/users?show=active'],
      ['1 Inactive accounts', '/users/users?show=inactive'],
      ['2 Admins', '/users/users?show=admins'],
      ['5 Editors', '/users/users?show=editors'],
      ['3 Without a second factor', '/users/users?show=noSecondFactor'],
      ['7 Failed sign-ins in the last 24 hours', '/info/activity'],
      [expect.stringContaining('Nils Nyman') as unknown as string, '/users/edit-user/u9'],
    ]);
    expect(getList).not.toHaveBeenCalled();
    expect(screen.queryByRole('region', { name: 'Products at a glance' })).not.toBeInTheDocument();
  });

  it('shows each counted described resource by its sidebar name, a link to its list', async () => {
    const resources = [
      { name: 'suppliers', count: 1203 },
      { name: 'careguides', count: 4 },
      // A resource the browser does not know (a newer server's) is left out rather than shown by its raw name.
      { name: 'fabrics', count: 9 },
    ];
    withFigures({ isAdmin: false, isEditor: true }, [{ catalogue, resources }]);
    const card = await screen.findByRole('region', { name: 'Other lists' });
    expect(figures(card)).toEqual([
      ['1,203 Suppliers', '/suppliers'],
      ['4 Care guides', '/careguides'],
    ]);
  });

  it('shows no such card when the answer counts no resource', async () => {
    withFigures({ isAdmin: false, isEditor: true }, [{ catalogue, resources: [] }]);
    expect(await screen.findByRole('region', { name: 'Products at a glance' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Other lists' })).not.toBeInTheDocument();
  });

  it('reads the figures again when its tab is shown again', async () => {
    const { getDashboard } = withFigures({ isAdmin: false, isEditor: true }, [
      { catalogue },
      { catalogue: { ...catalogue, active: 22 } },
    ]);
    const card = await screen.findByRole('region', { name: 'Products at a glance' });
    expect(within(card).getByRole('link', { name: '21 Active' })).toBeVisible();
    fireEvent(document, new Event('visibilitychange'));
    expect(await within(card).findByRole('link', { name: '22 Active' })).toBeVisible();
    expect(getDashboard).toHaveBeenCalledTimes(2);
  });

  it('reads the figures again at once when the live feed hears a change, and stops listening when closed', async () => {
    const { getDashboard, changed, heard, view } = withFigures({ isAdmin: false, isEditor: true }, [
      { catalogue },
      { catalogue: { ...catalogue, scheduled: 3 } },
    ]);
    const card = await screen.findByRole('region', { name: 'Products at a glance' });
    expect(within(card).getByRole('link', { name: '2 Scheduled to change' })).toBeVisible();
    changed();
    expect(await within(card).findByRole('link', { name: '3 Scheduled to change' })).toBeVisible();
    expect(getDashboard).toHaveBeenCalledTimes(2);
    view.unmount();
    await waitFor(() => expect(heard.size).toBe(0));
  });

  it('writes the figures as the reader’s language writes numbers', async () => {
    const big = { ...catalogue, total: 1079, active: 1_234_567 };
    withFigures({ isAdmin: false, isEditor: true }, [{ catalogue: big }]);
    const card = await screen.findByRole('region', { name: 'Products at a glance' });
    expect(within(card).getByRole('link', { name: '1,079 All products' })).toBeVisible();
    expect(within(card).getByRole('link', { name: '1,234,567 Active' })).toBeVisible();
  });

  it('writes them the Swedish way in Swedish', async () => {
    setLocale('sv');
    withFigures({ isAdmin: false, isEditor: true }, [{ catalogue: { ...catalogue, total: 1079 } }]);
    const card = await screen.findByRole('region', { name: 'Produkterna i korthet' });
    // Intl writes a no-break space between the thousands.
    expect(within(card).getByRole('link', { name: /^1\u00a0079 / })).toBeVisible();
  });

  it('speaks Swedish, dates in the reader’s language', async () => {
    setLocale('sv');
    withFigures({ isAdmin: true, isEditor: true }, [{ catalogue, staff }]);
    const card = await screen.findByRole('region', { name: 'Produkterna i korthet' });
    expect(within(card).getByRole('link', { name: '21 Aktiva' })).toHaveAttribute(
      'href',
      '/products/products?status=active',
    );
    const upcoming = screen.getByRole('region', { name: 'Schemalagt de kommande 7 dagarna' });
    expect(upcoming).toHaveTextContent('inaktiveras');
    expect(upcoming).toHaveTextContent(/maj 2030/);
    expect(screen.getByRole('region', { name: 'Personalen i korthet' })).toHaveTextContent('Misslyckade inloggningar');
  });
});

afterEach(() => setLocale('en'));
