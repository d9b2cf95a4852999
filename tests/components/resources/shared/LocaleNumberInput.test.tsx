import { act, cleanup, fireEvent, getDefaultNormalizer, screen, waitFor, within } from '@testing-library/react';
import StraightenIcon from '@mui/icons-material/Straighten';
import { Form } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { describeResource } from '../../../../domain/resourceDescription';
import { setLocale } from '../../../../base/locale';
import { RecordInputs } from '../../../../resources/shared/RecordInputs';
import type { ResourceLocaleTexts } from '../../../../resources/shared/recordScreens';
import { RecordList } from '../../../../resources/shared/RecordList';
import type { ResourceScreens } from '../../../../resources/shared/describedResource';
import { fakeDataProvider, renderInAdmin } from '../../helpers';

// A described resource's number fields in the console's language, whatever the browser's: Swedish '34,90' is 34.9
// (it once became 3490), shown back as '34,90'; what the language cannot read is refused, never rescaled.
const fabrics = describeResource({
  name: 'fabrics',
  area: 'products',
  fields: {
    name: { kind: 'line', max: 60 },
    price: { kind: 'number', min: -50, max: 10_000, decimals: 2 },
    width: { kind: 'integer', max: 5000 },
  },
  sort: { field: 'name', order: 'asc' },
  search: 'name',
});
const texts: ResourceLocaleTexts = {
  menu: 'Tyger',
  list: 'Tyglista',
  add: 'Lägg till',
  edit: 'Redigera',
  search: 'Sök',
  searchField: 'Namn',
  empty: 'Inga',
  failed: 'Kunde inte',
  fields: { name: 'Namn', price: 'Pris', width: 'Bredd' },
};

// Unmounted first: the next test starts in English without this one's form answering the change.
afterEach(() => {
  cleanup();
  setLocale('en');
});

function renderForm(record: Record<string, unknown>) {
  const onSubmit = vi.fn();
  renderInAdmin(
    <Form record={{ id: 'f1', name: 'Linne', ...record }} onSubmit={onSubmit}>
      <RecordInputs description={fabrics} texts={texts} editing />
      <button type="submit">Spara</button>
    </Form>,
  );
  return onSubmit;
}

const box = (name: string): HTMLInputElement => screen.getByRole('textbox', { name: new RegExp(name) });

/** Typed a character at a time (each prefix read in turn, as '34,' on the way to '34,90'), then the box left. */
function typeInto(name: string, text: string): void {
  fireEvent.focus(box(name));
  fireEvent.change(box(name), { target: { value: '' } });
  for (let i = 1; i <= text.length; i += 1) fireEvent.change(box(name), { target: { value: text.slice(0, i) } });
  fireEvent.blur(box(name));
}

async function submitted(onSubmit: ReturnType<typeof vi.fn>): Promise<Record<string, unknown>> {
  fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
  await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  return onSubmit.mock.calls[0]![0] as Record<string, unknown>;
}

describe('a number field in the console’s language', () => {
  it('in Swedish reads "34,90" as 34.9, stores 34.9 and shows "34,90"', async () => {
    act(() => setLocale('sv'));
    const onSubmit = renderForm({ price: 0, width: 150 });
    typeInto('Pris', '34,90');
    expect(box('Pris')).toHaveValue('34,90');
    typeInto('Bredd', '1 200');
    expect(box('Bredd')).toHaveValue('1\u00A0200');
    expect(await submitted(onSubmit)).toMatchObject({ price: 34.9, width: 1200 });
  });

  it('writes a stored number with its decimals as the language writes it, again when that changes', async () => {
    act(() => setLocale('sv'));
    renderForm({ price: 1234.5, width: 1500 });
    expect(box('Pris')).toHaveValue('1\u00A0234,50');
    expect(box('Bredd')).toHaveValue('1\u00A0500');
    act(() => setLocale('en'));
    await waitFor(() => expect(box('Pris')).toHaveValue('1,234.50'));
    expect(box('Bredd')).toHaveValue('1,500');
  });

  it('in English reads "1,234.5" as 1234.5 and writes it "1,234.50"', async () => {
    const onSubmit = renderForm({ price: 0, width: 150 });
    typeInto('Pris', '1,234.5');
    expect(box('Pris')).toHaveValue('1,234.50');
    expect(await submitted(onSubmit)).toMatchObject({ price: 1234.5 });
  });

  it.each([
    [
      'sv',
      'Pris',
      '34.90',
      'Skriv decimaler efter ett kommatecken och tusental med mellanslag, till exempel 1 234,50.',
    ],
    ['sv', 'Pris', '34,905', 'Högst 2 decimaler.'],
    ['sv', 'Pris', '1e5', 'Ange ett tal, till exempel 1 234,50.'],
    ['sv', 'Pris', '20 000', 'Ange ett tal från −50,00 till 10 000,00.', '20\u00A0000,00'],
    ['sv', 'Bredd', '5,5', 'Ange ett heltal.'],
    ['en', 'Pris', '1.234,5', 'Write decimals after a point and thousands with commas, such as 1,234.50.'],
    ['en', 'Pris', '34,90', 'Write decimals after a point and thousands with commas, such as 1,234.50.'],
    ['en', 'Bredd', '99999999999999999999', 'Enter a number from 0 to 5,000.'],
  ] as const)(
    'in %s refuses %s %j, saying why (a text it cannot read kept as typed)',
    async (locale, name, text, why, shown?: string) => {
      act(() => setLocale(locale));
      const onSubmit = renderForm({ price: 10, width: 150 });
      typeInto(name, text);
      fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
      expect((await screen.findByText(why)).textContent?.replace(/\u00A0/g, ' ')).toBe(why.replace(/\u00A0/g, ' '));
      expect(box(name)).toHaveValue(shown ?? text);
      expect(onSubmit).not.toHaveBeenCalled();
    },
  );

  it('refuses an empty number as the required field it is', async () => {
    const onSubmit = renderForm({ price: 10, width: 150 });
    typeInto('Pris', '');
    fireEvent.click(screen.getByRole('button', { name: 'Spara' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('a number on the Show page', () => {
  it('is read-only, written as the language writes it', () => {
    act(() => setLocale('sv'));
    renderInAdmin(
      <Form record={{ id: 'f1', name: 'Linne', price: 34.9, width: 150 }}>
        <RecordInputs description={fabrics} texts={texts} editing showing />
      </Form>,
    );
    expect(box('Pris')).toHaveValue('34,90');
    expect(box('Pris')).toHaveAttribute('readonly');
  });
});

describe('a number in the list', () => {
  const screens = {
    description: fabrics,
    texts: { en: { ...texts, fields: { name: 'Name', price: 'Price', width: 'Width' } }, sv: texts },
    icon: StraightenIcon,
    columns: ['name', 'price', 'width'],
    phone: { primary: 'name', secondary: ['price'] },
  } as ResourceScreens;
  const getList = vi.fn(async () => ({
    data: [{ id: 'f1', version: 1, name: 'Linne', price: 1234.5, width: 1500 }],
    pageInfo: { hasNextPage: false, hasPreviousPage: false },
  }));

  it.each([
    ['sv', 'Pris', '1\u00A0234,50', '1\u00A0500'],
    ['en', 'Price', '1,234.50', '1,500'],
  ] as const)('in %s shows its declared decimals as the language writes them', async (locale, price, shown, width) => {
    act(() => setLocale(locale));
    renderInAdmin(<RecordList screens={screens} />, { dataProvider: fakeDataProvider({ getList } as never) });
    const table = await screen.findByRole('table');
    await within(table).findByRole('columnheader', { name: price });
    const row = within(table).getAllByRole('row')[1]!;
    // As written, its no-break spaces too (the default matcher would make them plain ones).
    const exact = { normalizer: getDefaultNormalizer({ collapseWhitespace: false }) };
    expect(within(row).getByText(shown, exact)).toBeInTheDocument();
    expect(within(row).getByText(width, exact)).toBeInTheDocument();
  });
});
