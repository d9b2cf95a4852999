import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import { accessOf, hasSearch } from '../../../domain/resourceDescription';
import { productWith } from './products/fakes';
import { renderConsoleAt as renderAt } from './renderConsole';
import { cellText, DESCRIBED, firstColumn, listOf, recordOf } from './described/cases';

// The list, search and sidebar pages every described resource gets from its folder (resources/shared/), once for all
// of them over a fake data provider: a new folder is tested here without a new test. Its forms:
// describedForms.test.tsx.

afterEach(() => setLocale('en'));

const staff = { isAdmin: false, isEditor: false };

describe.each(DESCRIBED)('the described resource %s: list and search', (name, s) => {
  const d = s.description;
  const t = s.texts.en;
  const rowText = (r: Record<string, unknown>, locale: 'en' | 'sv' = 'en') =>
    s.columns.map((f) => cellText(s, f, r[f], locale)).join('') + 'EDIT';

  it('lists its records with EDIT links, each field as staff read it, and has its sidebar group', async () => {
    const getList = vi.fn(async () => listOf([recordOf(d, 1), recordOf(d, 2)]));
    renderAt(`/${name}`, { getList });
    expect(await screen.findByRole('heading', { name: t.list, level: 1 })).toBeVisible();
    const table = await screen.findByRole('table', { name: t.list });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      // With bulk edit (`bulk: true`), a checkbox column first, named for screen readers.
      // With `listImage`, the thumbnail's column, named for screen readers.
      (d.bulk ? 'Select' : '') + (d.listImage ? 'Thumbnail' : '') + s.columns.map((f) => t.fields[f]).join('') + 'EDIT',
      rowText(recordOf(d, 1)),
      rowText(recordOf(d, 2)),
    ]);
    const named = cellText(s, firstColumn(s), recordOf(d, 1)[firstColumn(s)]);
    expect(within(rows[1]!).getByRole('link', { name: `EDIT ${named}` })).toHaveAttribute('href', `/${name}/r1`);
    expect(screen.getByRole('menuitem', { name: t.add })).toHaveAttribute('href', `/${name}/create`);
    expect(screen.getByRole('menuitem', { name: t.search })).toHaveAttribute('href', `/${name}/search`);
    expect(screen.getByRole('button', { name: 'Export' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', `/${name}/import`);
    expect(getList).toHaveBeenCalledWith(name, expect.objectContaining({ pagination: { page: 1, perPage: 10 } }));
  });

  it.runIf(d.listImage !== undefined)(
    "leads each row with its first image's thumbnail as the answer names it, else the image, else a placeholder",
    async () => {
      const f = d.listImage!;
      // Even records hold an image (the kinds' samples); the first names its thumbnail, the second does not.
      const named = { ...recordOf(d, 2), thumbnails: { [f]: ['/small/two.webp'] } };
      const unnamed: Record<string, unknown> = { ...recordOf(d, 4), thumbnails: {} };
      const none = recordOf(d, 1);
      renderAt(`/${name}`, { getList: vi.fn(async () => listOf([named, unnamed, none])) });
      const table = await screen.findByRole('table', { name: t.list });
      const srcs = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('img')?.getAttribute('src'));
      expect(srcs.slice(0, 2)).toEqual(['/small/two.webp', (unnamed[f] as string[])[0]]);
      expect(srcs[2]).toMatch(/^data:image\/svg\+xml,/);
    },
  );

  it('speaks Swedish: its heading, columns, values and sidebar', async () => {
    setLocale('sv');
    const sv = s.texts.sv;
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([recordOf(d, 1)])) });
    const table = await screen.findByRole('table', { name: sv.list });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      ...(d.bulk ? ['Välj'] : []),
      ...(d.listImage ? ['Miniatyrbild'] : []),
      ...s.columns.map((f) => sv.fields[f]),
      'REDIGERA',
    ]);
    expect(within(table).getAllByRole('row')[1]!.textContent).toBe(
      rowText(recordOf(d, 1), 'sv').replace(/EDIT$/, 'REDIGERA'),
    );
    expect(screen.getByRole('menuitem', { name: sv.add })).toBeVisible();
  });

  it.runIf(hasSearch(d))('searches by any part of a searched field, a moment after typing stops', async () => {
    const getList = vi.fn(async () => listOf([recordOf(d, 1)]));
    renderAt(`/${name}`, { getList });
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Find' }), 'wash');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith(name, expect.objectContaining({ filter: { q: 'wash' } })),
    );
  });

  it.runIf(!hasSearch(d))('has no Find box (no field of it is searched)', async () => {
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([recordOf(d, 1)])) });
    await screen.findByRole('table', { name: t.list });
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
  });

  it('finds a record by its search field exactly and opens it', async () => {
    const wanted = String(recordOf(d, 2)[d.search]);
    const getList = vi.fn(async () => listOf([recordOf(d, 2)]));
    const getOne = vi.fn(async () => ({ data: recordOf(d, 2) }));
    renderAt(`/${name}/search`, { getList, getOne });
    expect(await screen.findByRole('heading', { name: t.search })).toBeVisible();
    await userEvent.type(await screen.findByLabelText(`${t.searchField} *`), wanted);
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByRole('heading', { name: t.edit })).toBeVisible();
    expect(getList).toHaveBeenCalledWith(name, expect.objectContaining({ filter: { [d.search]: wanted } }));
    expect(getOne).toHaveBeenCalledWith(name, expect.objectContaining({ id: 'r2' }));
  });

  it.runIf(accessOf(d).edit !== 'signedIn')('is refused to a role outside its access', async () => {
    renderAt(`/${name}/create`, {}, staff);
    expect(await screen.findByText('Your account does not have access to this page.')).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: t.add })).not.toBeInTheDocument();
  });
});

// The list page's top is one component (resources/shared/ListFrame.tsx) for the products and every described
// resource: its title as the page's only level-1 heading, Export, and Import to the resource's own import page.
const LIST_PAGES = [
  ...DESCRIBED.map(([name, s]) => ({
    name,
    path: `/${name}`,
    title: s.texts.en.list,
    rows: [recordOf(s.description, 1)],
  })),
  { name: 'products', path: '/products/products', title: 'Products', rows: [productWith()] },
];

describe.each(LIST_PAGES)('the list page of $name', ({ name, path, title, rows }) => {
  it('has its title as the heading, with Export and Import beside it', async () => {
    renderAt(path, { getList: vi.fn(async () => listOf(rows)) });
    expect(await screen.findByRole('table', { name: title })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(title);
    expect(screen.getByRole('button', { name: 'Export' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Import' })).toHaveAttribute('href', `/${name}/import`);
  });
});
