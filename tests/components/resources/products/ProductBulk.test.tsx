import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ProductList from '../../../../resources/products/ProductList';
import type { BulkRequest, BulkResult } from '../../../../domain/productBulk';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../../helpers';
import { asGetList, listAnswer, productWith } from './fakes';

// The products list's bulk change over a mocked provider: the page's checkboxes, 'Select all N matching', requests of
// 500 carrying the batch on, progress while they run, the outcome with the products left alone, and Undo.
const editor = fakeAuthProvider(userWith({ isEditor: true }));
const page = Array.from({ length: 10 }, (_, i) => productWith({ id: `p${i}`, sku: `SKU-${1200 - i}`, version: 3 }));
const matching = { items: Array.from({ length: 1200 }, (_, i) => ({ id: `p${i}`, version: 3 })), more: false };

/** Answers each request for its ids: all changed but p7, which someone else saved meanwhile; waits for `gate` first. */
function bulkAnswers(gate: Promise<void>) {
  return vi.fn(async (req: BulkRequest): Promise<BulkResult> => {
    await gate;
    const items = req.ids.map((id) =>
      id === 'p7'
        ? {
            id,
            sku: 'SKU-1193',
            outcome: 'conflict' as const,
            version: 4,
            reason: 'Changed by someone else since it was selected.',
          }
        : { id, outcome: 'changed' as const, version: 4 },
    );
    const changed = items.filter((i) => i.outcome === 'changed').length;
    return {
      batch: req.batch ?? '00000000-0000-4000-8000-000000000001',
      items,
      counts: { changed, unchanged: 0, conflict: req.ids.length - changed, refused: 0 },
    };
  });
}

afterEach(() => vi.restoreAllMocks());

/** Selects all 1,200 matching products of the list on screen (unless already), sets Disabled and applies. */
async function disableAllMatching(select = true): Promise<HTMLElement> {
  if (select) {
    await screen.findByText('SKU-1200');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Select all 1,200 matching' }));
  }
  await userEvent.click(screen.getByRole('combobox', { name: 'Set status' }));
  await userEvent.click(screen.getByRole('option', { name: 'Disabled' }));
  await userEvent.click(screen.getByRole('button', { name: 'Apply to 1,200 products' }));
  return screen.findByRole('dialog', { name: 'Change 1,200 products' });
}

describe('Products list: bulk change', () => {
  it(
    'selects all matching, sends 500 a request with progress ' +
      'shown, lists what was left alone, and undoes the change',
    async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const bulkProducts = bulkAnswers(gate);
      const undoBulk = vi.fn(async () => ({ batch: 'u', undone: 1199, left: [] }));
      const productIds = vi.fn(async () => matching);
      const getList = vi.fn(async () => listAnswer(page, null));
      renderInAdmin(<ProductList />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({ getList: asGetList(getList), productIds, bulkProducts, undoBulk }),
      });
      await screen.findByText('SKU-1200');
      await userEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
      expect(screen.getByRole('checkbox', { name: 'Select SKU-1195' })).toBeChecked();
      expect(screen.getByText('10 selected')).toBeVisible();
      await userEvent.click(await screen.findByRole('button', { name: 'Select all 1,200 matching' }));
      expect(screen.getByText('1,200 selected')).toBeVisible();
      expect(productIds).toHaveBeenCalledWith({});

      const dialog = await disableAllMatching(false);
      expect(within(dialog).getByRole('status')).toHaveTextContent('Changed 0 of 1,200 products…');
      open();
      await waitFor(() =>
        expect(within(dialog).getAllByRole('status')[0]).toHaveTextContent(
          '1,199 changed, 0 unchanged, 1 changed by someone else since they were selected, 0 refused',
        ),
      );
      expect(bulkProducts.mock.calls.map(([r]) => [r.ids.length, r.batch])).toEqual([
        [500, undefined],
        [500, '00000000-0000-4000-8000-000000000001'],
        [200, '00000000-0000-4000-8000-000000000001'],
      ]);
      expect(bulkProducts.mock.calls[0]![0]).toMatchObject({ set: { active: false }, versions: { p0: 3 } });
      expect(within(dialog).getByRole('listitem')).toHaveTextContent(
        'SKU-1193: Changed by someone else since it was selected.',
      );

      await userEvent.click(within(dialog).getByRole('button', { name: 'Undo this change' }));
      expect(await within(dialog).findByText('Undone: 1,199 products set back')).toBeVisible();
      expect(undoBulk).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000001');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      // The list is read again and the selection is gone.
      await waitFor(() => expect(getList).toHaveBeenCalledTimes(2));
      expect(screen.queryByText(/selected$/)).not.toBeInTheDocument();
    },
  );

  it(
    'stops after the part under way when asked, saying how many were not changed, ' + 'with Undo for what was',
    async () => {
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      const bulkProducts = bulkAnswers(gate);
      renderInAdmin(<ProductList />, {
        authProvider: editor,
        dataProvider: fakeDataProvider({
          getList: asGetList(vi.fn(async () => listAnswer(page, null))),
          productIds: vi.fn(async () => matching),
          bulkProducts,
        }),
      });
      const dialog = await disableAllMatching();
      // The first part is under way: Stop lets it finish and sends no other.
      await userEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
      expect(within(dialog).getByRole('button', { name: 'Stopping after this part…' })).toBeDisabled();
      open();
      expect(await within(dialog).findByText('Stopped: the other 700 products were not changed.')).toBeVisible();
      expect(within(dialog).getAllByRole('status')[0]).toHaveTextContent(
        '499 changed, 0 unchanged, 1 changed by someone else since they were selected, 0 refused',
      );
      expect(bulkProducts).toHaveBeenCalledTimes(1);
      expect(within(dialog).queryByRole('button', { name: /^Stop/ })).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Undo this change' })).toBeEnabled();
    },
  );

  it('sets any field the engine sets in bulk: the spec’s three in its words, a price through Change to', async () => {
    const bulkProducts = bulkAnswers(Promise.resolve());
    const getList = vi.fn(async () => listAnswer(page, null));
    const productIds = vi.fn(async () => matching);
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({ getList: asGetList(getList), productIds, bulkProducts }),
    });
    await screen.findByText('SKU-1200');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select SKU-1200' }));
    const bar = screen.getByRole('region', { name: 'Select' });
    expect(within(bar).getAllByRole('combobox')).toHaveLength(4);
    for (const name of ['Set status', 'Set category', 'Set material care', 'Set Price'])
      expect(within(bar).getByRole('combobox', { name })).toBeVisible();
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Set status' }));
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Keep as it is', 'Active', 'Disabled']);
    await userEvent.click(screen.getByRole('option', { name: 'Active' }));
    await userEvent.click(within(bar).getByRole('combobox', { name: 'Set Price' }));
    await userEvent.click(screen.getByRole('option', { name: 'Change to…' }));
    await userEvent.type(within(bar).getByRole('textbox', { name: /^Price/ }), '12 SEK');
    await userEvent.click(within(bar).getByRole('button', { name: 'Apply to 1 products' }));
    await screen.findByRole('dialog', { name: 'Change 1 products' });
    expect(bulkProducts).toHaveBeenCalledWith(
      expect.objectContaining({ ids: ['p0'], set: { active: true, price: '12 SEK' } }),
    );
  });

  it('says why a request failed and keeps the outcome of those already saved', async () => {
    // react-admin logs a provider's refusal to the console in development.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const bulkProducts = vi.fn(async () =>
      Promise.reject(Object.assign(new Error('Choose at least one change.'), { status: 400 })),
    );
    renderInAdmin(<ProductList />, {
      authProvider: editor,
      dataProvider: fakeDataProvider({
        getList: asGetList(vi.fn(async () => listAnswer(page, null))),
        productIds: vi.fn(async () => matching),
        bulkProducts,
      }),
    });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select SKU-1200' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Set category' }));
    await userEvent.click(screen.getByRole('option', { name: 'Cotton' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply to 1 products' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not finish: Choose at least one change.');
    expect(within(dialog).queryByRole('button', { name: 'Undo this change' })).not.toBeInTheDocument();
  });
});
