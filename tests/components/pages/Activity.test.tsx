import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { GetListParams } from 'react-admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../domain/history';
import StraightenIcon from '@mui/icons-material/Straighten';
import Activity from '../../../src/pages/Activity';
import { ResourcesContext } from '../../../src/resourceRoutes';
import { consoleResources } from '../../../resources';
import { describedResource } from '../../../resources/shared/describedResource';
import { describeResource } from '../../../domain/resourceDescription';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';
import { providerMethod } from '../resources/providerMethod';

// The admins' Activity page over a mocked provider: every change, filtered by person, kind and dates, and exported.
const admin = fakeAuthProvider(userWith({ isAdmin: true }));
const entry = (id: number, over: Partial<HistoryEntry> = {}): HistoryEntry & { id: string } => ({
  id: String(id),
  at: '2026-11-20T10:00:00.000Z',
  actor: 'u2',
  actorName: 'Eva Berg',
  kind: 'product',
  resource: null,
  recordId: 'p1234567-x',
  action: 'changed',
  diff: { price: ['249 kr', '199 kr'] },
  ...over,
});
const people = [
  userWith({ uid: 'u2', firstName: 'Eva', lastName: 'Berg' }),
  userWith({ uid: 'u3', firstName: 'Ada', lastName: 'Admin' }),
];

let saved: Blob[] = [];
beforeEach(() => {
  saved = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    saved.push(blob);
    return 'blob:test';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** A date filter's text (MUI X's picker), under the group of its day, month and year named by its label. */
const dayBox = (label: string): HTMLInputElement => {
  const input = screen.getByRole('group', { name: label }).parentElement?.querySelector('input');
  if (!input) throw new Error(`No date filter named ${label}`);
  return input;
};

const blobText = (blob: Blob): Promise<string> =>
  new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

/** A provider whose history list answers by filter, and whose users list gives the people to choose from. */
function provider() {
  const getList = vi.fn(async (resource: string, { filter }: GetListParams) => {
    if (resource === 'users') return { data: people, pageInfo: { hasNextPage: false } };
    const all = [
      entry(4, { recordId: 'p7654321-y', recordLabel: 'LI-1001', diff: { name_se: ['Handduk', 'Badhandduk'] } }),
      entry(3),
      entry(2, {
        kind: 'user',
        recordId: 'u9',
        recordLabel: 'Olle Lind',
        actor: 'u3',
        actorName: 'Ada Admin',
        diff: { isAdmin: [false, true] },
      }),
      entry(1, { kind: 'language', recordId: 'se', action: 'keyAdded', diff: { giftCard: [null, ''] } }),
    ];
    const data = all.filter(
      (e) => (!filter.kind || e.kind === filter.kind) && (!filter.person || e.actor === filter.person),
    );
    return { data, pageInfo: { hasNextPage: false }, meta: { next: null } };
  });
  return { getList, dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }) };
}

describe('Activity page', () => {
  it('lists every change with its record, who and what, linked to the record', async () => {
    renderInAdmin(<Activity />, { authProvider: admin, dataProvider: provider().dataProvider });
    expect(await screen.findByText('Eva Berg changed Price from 249 kr to 199 kr')).toBeInTheDocument();
    expect(screen.getByText('Ada Admin changed Admin from No to Yes')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg added the key giftCard')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg changed Swedish name from Handduk to Badhandduk')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Language: Swedish' })).toHaveAttribute('href', '/languages/swedish');
    // A record the server gave no label (gone since) is named by the start of its id; one with a label by that.
    expect(screen.getByRole('link', { name: /^Product p1234567/ })).toHaveAttribute(
      'href',
      '/products/edit-product/p1234567-x',
    );
    expect(screen.getByRole('link', { name: 'User Olle Lind' })).toHaveAttribute('href', '/users/edit-user/u9');
  });

  it('shows the account’s email beside the name where the server gives it (names are typed)', async () => {
    const getList = vi.fn(async () => ({
      data: [entry(5, { actorName: 'Shop Admin', actorEmail: 'eva@x.se' })],
      pageInfo: { hasNextPage: false },
      meta: { next: null },
    }));
    renderInAdmin(<Activity />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(await screen.findByText('Shop Admin (eva@x.se) changed Price from 249 kr to 199 kr')).toBeInTheDocument();
    // The file gives the email a column of its own, so a spreadsheet sorts and filters by account.
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const [header, line] = (await blobText(saved[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(header).toBe('When,Who,Email,Kind of record,Record,Change');
    expect(line).toMatch(/^[^,]+,Shop Admin,eva@x\.se,Product,/);
  });

  it("names a described resource's records and fields as its own screens do, and images by their names", async () => {
    const upload = (name: string) => `/files/Uploads/u1abc_ABCDEFGHIJKL_${name}`;
    const guide = { kind: 'record' as const, resource: 'careguides', recordId: 'g1', recordLabel: 'Washing linen' };
    const items = [
      entry(7, { ...guide, diff: { body_se: ['Tvätta', 'Tvätta i 40 grader'] } }),
      entry(6, { ...guide, diff: { picture: [[upload('linen.jpg')], [upload('big.jpg'), upload('x_y.jpg')]] } }),
      entry(5, { ...guide, recordId: 'g2', recordLabel: 'Ironing', action: 'deleted', diff: {} }),
    ];
    const getList = vi.fn(async () => ({ data: items, pageInfo: { hasNextPage: false }, meta: { next: null } }));
    renderInAdmin(<Activity />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(
      await screen.findByText('Eva Berg changed Guide (Swedish) from Tvätta to Tvätta i 40 grader'),
    ).toBeInTheDocument();
    expect(screen.getByText('Eva Berg changed Picture from linen.jpg to big.jpg, x_y.jpg')).toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Care guides: Washing linen' });
    for (const link of links) expect(link).toHaveAttribute('href', '/careguides/g1');
    // A deleted record has no page to open: named, not linked.
    expect(screen.getByText('Care guides: Ironing')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Care guides: Ironing' })).not.toBeInTheDocument();
  });

  it("writes a described resource's numbers with their decimals in the console's language", async () => {
    const fabrics = describedResource({
      description: describeResource({
        name: 'fabrics',
        area: 'products',
        fields: { name: { kind: 'line', max: 60 }, price: { kind: 'number', max: 10_000, decimals: 2 } },
        sort: { field: 'name', order: 'asc' },
        search: 'name',
      }),
      texts: Object.fromEntries(
        (['en', 'sv'] as const).map((l) => [
          l,
          {
            menu: 'Fabrics',
            list: 'L',
            add: 'A',
            edit: 'E',
            search: 'S',
            searchField: 'N',
            empty: '',
            failed: '',
            fields: { name: 'Name', price: 'Price' },
          },
        ]),
      ) as never,
      icon: StraightenIcon,
      columns: ['name'],
      phone: { primary: 'name', secondary: [] },
    });
    const fabric = { kind: 'record' as const, resource: 'fabrics', recordId: 'f1', recordLabel: 'Linen' };
    const items = [entry(1, { ...fabric, diff: { price: [1234.5, 34.9] } })];
    const getList = vi.fn(async () => ({ data: items, pageInfo: { hasNextPage: false }, meta: { next: null } }));
    renderInAdmin(
      <ResourcesContext.Provider value={[...consoleResources, fabrics]}>
        <Activity />
      </ResourcesContext.Provider>,
      { authProvider: admin, dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }) },
    );
    expect(await screen.findByText('Eva Berg changed Price from 1,234.50 to 34.90')).toBeInTheDocument();
  });

  it('filters by person, kind and date range through the provider', async () => {
    const { getList, dataProvider } = provider();
    renderInAdmin(<Activity />, { authProvider: admin, dataProvider });
    await screen.findByText('Eva Berg changed Price from 249 kr to 199 kr');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Kind of record' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'User' }));
    await waitFor(() =>
      expect(screen.queryByText('Eva Berg changed Price from 249 kr to 199 kr')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('Ada Admin changed Admin from No to Yes')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Person' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'Eva Berg' }));
    expect(await screen.findByText('No changes match.')).toBeInTheDocument();
    fireEvent.change(dayBox('From'), { target: { value: '01/11/2026' } });
    fireEvent.change(dayBox('To'), { target: { value: '30/11/2026' } });
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(
        'history',
        expect.objectContaining({ filter: { kind: 'user', person: 'u2', from: '2026-11-01', to: '2026-11-30' } }),
      ),
    );
  });

  it("says why a refused date range is refused, in the server's words", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const refused = Object.assign(new Error('The date range is not valid.'), { status: 400, code: 'validation' });
    const { getList } = provider();
    const answer = vi.fn(async (resource: string, params: GetListParams) =>
      params.filter?.from === '2026-12-01' ? Promise.reject(refused) : getList(resource, params),
    );
    renderInAdmin(<Activity />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', answer) }),
    });
    await screen.findByText('Eva Berg changed Price from 249 kr to 199 kr');
    fireEvent.change(dayBox('To'), { target: { value: '01/11/2026' } });
    fireEvent.change(dayBox('From'), { target: { value: '01/12/2026' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The date range is not valid.');
  });

  it('exports what the filters show as CSV, the change in words', async () => {
    renderInAdmin(<Activity />, { authProvider: admin, dataProvider: provider().dataProvider });
    await screen.findByText('Eva Berg changed Price from 249 kr to 199 kr');
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const text = await blobText(saved[0]!);
    const lines = text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('When,Who,Email,Kind of record,Record,Change');
    expect(lines[1]).toBe(
      '2026-11-20T10:00:00.000Z,Eva Berg,,Product,p7654321-y,Eva Berg changed Swedish name from Handduk to Badhandduk',
    );
    expect(lines[2]).toBe(
      '2026-11-20T10:00:00.000Z,Eva Berg,,Product,p1234567-x,Eva Berg changed Price from 249 kr to 199 kr',
    );
    expect(lines).toHaveLength(5);
  });

  it("exports a described resource's changes as its screens do: fields and options by their labels", async () => {
    const guide = { kind: 'record' as const, resource: 'careguides', recordId: 'g1', recordLabel: 'Washing linen' };
    const items = [
      entry(2, { ...guide, diff: { fabric: ['linen', 'blend'] } }),
      entry(1, { ...guide, recordId: 'bulk', action: 'bulkChanged', count: 1200, diff: { fabric: [null, 'cotton'] } }),
    ];
    const getList = vi.fn(async () => ({ data: items, pageInfo: { hasNextPage: false }, meta: { next: null } }));
    renderInAdmin(<Activity />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList) }),
    });
    expect(await screen.findByText('Eva Berg changed Fabric from Linen to Linen and cotton')).toBeInTheDocument();
    expect(screen.getByText('Eva Berg changed 1,200 records at once: Fabric: Cotton')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const lines = (await blobText(saved[0]!)).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[1]).toMatch(/,Eva Berg changed Fabric from Linen to Linen and cotton$/);
    // A count in a file is plain digits, for a spreadsheet to read.
    expect(lines[2]).toMatch(/,Eva Berg changed 1200 records at once: Fabric: Cotton$/);
  });
});
