import { Suspense, use } from 'react';
import { useLocation } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import { describeResource } from '../../../domain/resourceDescription';
import { FIELD_KIND_VIEWS, type CellContext } from '../../../resources/shared/fieldKindViews';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, listOf, recordOf } from './described/cases';

// A described list's order and filters in the browser (resources/shared/RecordList.tsx, RecordFilters.tsx) over a
// fake data provider: a column header asks for its order both ways, a filter asks for its value, the language of the
// texts goes with the order; and the kinds' cells show a reference's label and a translated text in the UI's language.

afterEach(() => setLocale('en'));

const [, careguides] = DESCRIBED.find(([name]) => name === 'careguides')!;
const lastList = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)![1];

describe('a described list’s order and filters', () => {
  it('sorts by a column header, both ways, sending the order and the UI’s language', async () => {
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    renderAt('/careguides', { getList });
    const table = await screen.findByRole('table', { name: 'Care guide list' });
    expect(lastList(getList)).toMatchObject({
      sort: { field: 'title', order: 'ASC' },
      meta: { sorted: true, lang: 'en' },
    });
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by fabric ascending' }));
    await waitFor(() => expect(lastList(getList)).toMatchObject({ sort: { field: 'fabric', order: 'ASC' } }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sort by fabric descending' }));
    await waitFor(() => expect(lastList(getList)).toMatchObject({ sort: { field: 'fabric', order: 'DESC' } }));
  });

  it('sends the Swedish texts’ language with the order in the Swedish UI', async () => {
    setLocale('sv');
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    renderAt('/careguides', { getList });
    await screen.findByRole('table', { name: careguides.texts.sv.list });
    expect(lastList(getList)).toMatchObject({ meta: { sorted: true, lang: 'se' } });
  });

  it('keeps an order chosen while the words typed wait to be sent', async () => {
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    renderAt('/careguides', { getList });
    const table = await screen.findByRole('table', { name: 'Care guide list' });
    // Typed, then the header clicked at once: the search goes out a moment later, with the order just chosen (an older
    // render's setFilters once wrote back the order it had known, so the last request was the search in A to Z).
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find' }), 'wash');
    await userEvent.click(within(table).getByRole('button', { name: 'Sort by title descending' }));
    await waitFor(() =>
      expect(lastList(getList)).toMatchObject({ filter: { q: 'wash' }, sort: { field: 'title', order: 'DESC' } }),
    );
  });

  it('keeps the words sent when a header is clicked before the list has rendered them', async () => {
    // A busy machine, made certain: the address holding the search is held back from rendering (a transition waiting
    // on the gate), so the header clicked meanwhile is the one of the render before it, as a slow render leaves it.
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = false;
    let opened = false;
    function Gate() {
      const { search } = useLocation();
      if (!opened && decodeURIComponent(search).includes('wash')) {
        held = true;
        use(gate);
      }
      return null;
    }
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    renderAt(
      '/careguides',
      { getList },
      undefined,
      [],
      <Suspense fallback={null}>
        <Gate />
      </Suspense>,
    );
    const table = await screen.findByRole('table', { name: 'Care guide list' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find' }), 'wash');
    await waitFor(() => expect(held).toBe(true));
    // Awaited: the render the click starts meets the held address, and waits on it.
    await act(async () => within(table).getByRole('button', { name: 'Sort by title descending' }).click());
    opened = true;
    open();
    await waitFor(() =>
      expect(lastList(getList)).toMatchObject({ filter: { q: 'wash' }, sort: { field: 'title', order: 'DESC' } }),
    );
    expect(screen.getByRole('searchbox', { name: 'Find' })).toHaveValue('wash');
  });

  it('filters by a choice, picked from its list', async () => {
    const getList = vi.fn(async () => listOf([recordOf(careguides.description, 1)]));
    renderAt('/careguides', { getList });
    await screen.findByRole('table', { name: 'Care guide list' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Fabric' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Linen' }));
    await waitFor(() => expect(lastList(getList)).toMatchObject({ filter: { fabric: ['linen'] } }));
  });
});

describe('the kinds’ cells, with their row', () => {
  const d = describeResource({
    name: 'cells',
    area: 'products',
    fields: {
      name: { kind: 'translated', max: 40 },
      supplier: { kind: 'reference', to: 'suppliers', optional: true },
    },
    sort: { field: 'supplier', order: 'asc' },
    search: 'supplier',
  });
  const ctx = (locale: 'en' | 'sv'): CellContext => ({
    yes: 'Yes',
    no: 'No',
    texts: careguides.texts.en,
    country: (c) => c,
    locale,
    zone: '',
  });
  const row = {
    name: 'Apple',
    translations: { se: { name: 'Äpple' } },
    supplier: 's1',
    labels: { supplier: 'Weaver' },
  };

  it('shows a translated text in the UI’s language, English where it has none', () => {
    const cell = FIELD_KIND_VIEWS.translated.cell;
    expect(cell('Apple', d.fields.name, ctx('en'), { row, field: 'name' })).toBe('Apple');
    expect(cell('Apple', d.fields.name, ctx('sv'), { row, field: 'name' })).toBe('Äpple');
    expect(cell('Pear', d.fields.name, ctx('sv'), { row: { name: 'Pear' }, field: 'name' })).toBe('Pear');
  });

  it('shows a reference by its label, else its id', () => {
    const cell = FIELD_KIND_VIEWS.reference.cell;
    expect(cell('s1', d.fields.supplier, ctx('en'), { row, field: 'supplier' })).toBe('Weaver');
    expect(cell('s2', d.fields.supplier, ctx('en'), { row: { supplier: 's2' }, field: 'supplier' })).toBe('s2');
  });
});
