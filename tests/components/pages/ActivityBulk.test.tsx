import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '../../../domain/history';
import Activity from '../../../src/pages/Activity';
import { fakeAuthProvider, fakeDataProvider, renderInAdmin, userWith } from '../helpers';
import { providerMethod } from '../resources/providerMethod';

// A bulk change on the Activity page: one line for the whole change, with Undo of all of it; the undo's own line
// offers none.
const admin = fakeAuthProvider(userWith({ isAdmin: true, isEditor: true }));
const batch = '00000000-0000-4000-8000-000000000002';
const line = (id: string, over: Partial<HistoryEntry>): HistoryEntry & { id: string } => ({
  id,
  at: '2026-11-24T10:00:00.000Z',
  actor: 'u2',
  actorName: 'Eva Berg',
  kind: 'product',
  resource: null,
  recordId: batch,
  action: 'bulkChanged',
  diff: { active: [null, false], category: [null, 'Linen'] },
  batch,
  count: 1000,
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe('Activity page: bulk changes', () => {
  it('shows a bulk change as one line with the count and what was set, and Undo sets it back', async () => {
    const getList = vi.fn(async (resource: string) =>
      resource === 'users'
        ? { data: [], pageInfo: { hasNextPage: false } }
        : {
            data: [line('9', { action: 'bulkUndone', diff: {}, batch: 'x', count: 3 }), line('8', {})],
            pageInfo: { hasNextPage: false },
            meta: { next: null },
          },
    );
    const undoBulk = vi.fn(async () => ({
      batch: 'u',
      undone: 998,
      left: [
        { id: 'p1', sku: 'LI-1', reason: 'Changed again since the bulk change.' },
        { id: 'p2', sku: 'LI-2', reason: 'x' },
      ],
    }));
    renderInAdmin(<Activity />, {
      authProvider: admin,
      dataProvider: fakeDataProvider({ getList: providerMethod('getList', getList), undoBulk }),
    });
    const text = 'Eva Berg changed 1,000 products at once: Status: Disabled, Category: Linen';
    const item = (await screen.findByText(text)).closest('li')!;
    expect(screen.getByText('Eva Berg undid a change of several products: 3 set back')).toBeInTheDocument();
    // Named as several products, not linked to one.
    expect(screen.getAllByText('Several products')).toHaveLength(2);
    expect(screen.queryByRole('link', { name: /Several products/ })).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Undo' })).toHaveLength(1);
    await userEvent.click(within(item).getByRole('button', { name: 'Undo' }));
    expect(undoBulk).toHaveBeenCalledWith(batch);
    expect(
      await screen.findByText(
        'Undone: 998 products set back 2 products were changed since and were left alone: LI-1, LI-2',
      ),
    ).toBeInTheDocument();
  });
});
