import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bulkFieldsOf, labelOf } from '../../../domain/resourceDescription';
import type { AnyBulkRequest, BulkResult } from '../../../domain/bulk';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, firstColumn, listOf, recordOf } from './described/cases';

// Bulk edit of a described list (`bulk: true`, resources/shared/BulkBar.tsx, RecordBulk.tsx, BulkRun.tsx) over a fake
// data provider: the rows' checkboxes, 'Select all N matching' of the list's search and filters, a field set in its
// kind's own input, the request with each record's version, the outcome with what was left alone, and one Undo.
// Over every described resource that turns it on; one that does not has no checkboxes.

const WITH = DESCRIBED.filter(([, s]) => s.description.bulk === true);
const WITHOUT = DESCRIBED.filter(([, s]) => s.description.bulk !== true);

describe('bulk edit of a described list', () => {
  it('is turned on by at least one described resource', () => {
    expect(WITH.map(([name]) => name)).toContain('careguides');
  });

  it.each(WITH)(
    'sets a choice on all the matching %s records, shows the outcome, and undoes the change',
    async (name, s) => {
      const d = s.description;
      const rows = [1, 2, 3].map((n) => recordOf(d, n));
      const nameOf = (r: Record<string, unknown>) => String(r[firstColumn(s)]);
      const [field, spec] = bulkFieldsOf(d).find(([, f]) => f.kind === 'choice')!;
      const option = spec.options!.find((o) => rows.some((r) => r[field] !== o))!;
      const recordIds = vi.fn(async () => ({
        items: rows.map((r) => ({ id: String(r.id), version: 3 })),
        more: false,
      }));
      const bulkRecords = vi.fn(async (_resource: string, req: AnyBulkRequest): Promise<BulkResult> => ({
        batch: 'b1',
        items: req.ids.map((id) =>
          id === 'r2'
            ? {
                id,
                label: String(rows[1]![labelOf(d)]),
                outcome: 'conflict' as const,
                version: 4,
                reason: 'Changed by someone else since it was selected.',
              }
            : { id, outcome: 'changed' as const, version: 4 },
        ),
        counts: { changed: 2, unchanged: 0, conflict: 1, refused: 0 },
      }));
      const undoBulk = vi.fn(async (batch: string) => ({ batch: `${batch}-undo`, undone: 2, left: [] }));
      const getList = vi.fn(async () => listOf(rows));
      renderAt(`/${name}`, { getList, recordIds, bulkRecords, undoBulk });
      await screen.findByRole('table', { name: s.texts.en.list });

      await userEvent.click(await screen.findByRole('checkbox', { name: `Select ${nameOf(rows[0]!)}` }));
      const bar = screen.getByRole('region', { name: 'Select' });
      expect(within(bar).getByText('1 selected')).toBeVisible();
      // The matching ids are read with the list's order (and its search and filters).
      await waitFor(() =>
        expect(recordIds).toHaveBeenCalledWith(
          name,
          expect.objectContaining({ sort: d.sort.field, order: d.sort.order }),
        ),
      );
      await userEvent.click(await within(bar).findByRole('button', { name: 'Select all 3 matching' }));
      expect(within(bar).getByText('3 selected')).toBeVisible();

      // Nothing to apply until a field is to change; then its kind's own input.
      const apply = within(bar).getByRole('button', { name: 'Apply to 3 records' });
      expect(apply).toBeDisabled();
      const label = s.texts.en.fields[field]!;
      // A choice is one select: 'Keep as it is', then its options by their labels.
      await userEvent.click(within(bar).getByRole('combobox', { name: `Set ${label}` }));
      expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
        'Keep as it is',
        ...spec.options!.map((o) => s.texts.en.options![field]![o]),
      ]);
      await userEvent.click(await screen.findByRole('option', { name: s.texts.en.options![field]![option] }));
      await userEvent.click(apply);

      const dialog = await screen.findByRole('dialog', { name: 'Change 3 records' });
      await within(dialog).findByText(
        '2 changed, 0 unchanged, 1 changed by someone else since they were selected, 0 refused',
      );
      expect(bulkRecords).toHaveBeenCalledTimes(1);
      expect(bulkRecords).toHaveBeenCalledWith(name, {
        ids: ['r1', 'r2', 'r3'],
        set: { [field]: option },
        versions: { r1: 3, r2: 3, r3: 3 },
        batch: undefined,
      });
      expect(
        within(dialog).getByText(`${String(rows[1]![labelOf(d)])}: Changed by someone else since it was selected.`),
      ).toBeVisible();

      await userEvent.click(within(dialog).getByRole('button', { name: 'Undo this change' }));
      expect(await within(dialog).findByText('Undone: 2 records set back')).toBeVisible();
      expect(undoBulk).toHaveBeenCalledWith('b1', name);
      // Closed: the selection cleared, the list read again.
      const reads = getList.mock.calls.length;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await waitFor(() => expect(getList.mock.calls.length).toBeGreaterThan(reads));
      expect(within(screen.getByRole('region', { name: 'Select' })).queryByText(/selected$/)).toBeNull();
    },
  );

  it.each(WITHOUT)('has no bulk edit on the %s list', async (name, s) => {
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([recordOf(s.description, 1)])) });
    await screen.findByRole('table', { name: s.texts.en.list });
    expect(screen.queryByRole('region', { name: 'Select' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /^Select / })).toBeNull();
  });
});
