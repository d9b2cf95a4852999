import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../../../base/locale';
import type { HistoryEntry } from '../../../domain/history';
import { renderConsoleAt as renderAt } from './renderConsole';
import { listOf } from './described/cases';

// A choice's options by their labels in the resource's texts (resources/careguides/texts.ts), in the Swedish UI, over
// a fake data provider: the list's cell, the filter's menu, Show's field and its History, the Activity page. The
// stored value ('linen') is what goes back to the provider.

beforeEach(() => setLocale('sv'));
afterEach(() => setLocale('en'));

const guide = {
  id: 'g1',
  title: 'Linnelakan',
  body: 'Tvätta i 60 grader.',
  fabric: 'linen',
  picture: [],
  translations: {},
  version: 3,
  created: '2026-01-01T00:00:00.000Z',
  updated: null,
};
const entry: HistoryEntry = {
  id: 'h1',
  at: '2026-01-02T10:00:00.000Z',
  actor: 'u1',
  actorName: 'Eva Berg',
  kind: 'record',
  resource: 'careguides',
  recordId: 'g1',
  recordLabel: 'Linnelakan',
  action: 'changed',
  diff: { fabric: ['cotton', 'linen'] },
};
const lastList = (getList: ReturnType<typeof vi.fn>) => getList.mock.calls.at(-1)![1];

describe('a choice’s options by their labels, in Swedish', () => {
  it('shows the list’s cell by its label and filters by the stored value picked by its label', async () => {
    const getList = vi.fn(async () => listOf([guide]));
    renderAt('/careguides', { getList });
    const table = await screen.findByRole('table', { name: 'Tvättrådslista' });
    expect(within(table).getByRole('cell', { name: 'Linne' })).toBeVisible();
    expect(within(table).queryByRole('cell', { name: 'linen' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: 'Material' }));
    const menu = await screen.findByRole('listbox');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Linne', 'Bomull', 'Linne och bomull']);
    await userEvent.click(within(menu).getByRole('option', { name: 'Bomull' }));
    await waitFor(() => expect(lastList(getList)).toMatchObject({ filter: { fabric: ['cotton'] } }));
  });

  it('shows the field on Show and the change in its History by their labels', async () => {
    renderAt('/careguides/g1/show', {
      getOne: vi.fn(async () => ({ data: guide })),
      getHistory: vi.fn(async () => ({ items: [entry], next: null })),
    });
    await screen.findByRole('heading', { name: 'Linnelakan', level: 1 });
    expect(screen.getByRole('combobox', { name: /^Material/ })).toHaveTextContent(/^Linne\W*$/);
    // Read-only, so no field is marked required (the '*' react-admin puts after a label).
    const labels = [...document.querySelectorAll('label')].map((l) => l.textContent ?? '');
    expect(labels).toContain('Material');
    expect(labels.filter((l) => l.trim().endsWith('*'))).toEqual([]);
    expect(await screen.findByText('Eva Berg ändrade Material från Bomull till Linne')).toBeVisible();
  });

  it('shows the change on the Activity page by its labels', async () => {
    renderAt(
      '/info/activity',
      {
        getList: vi.fn(async (resource: string) =>
          resource === 'history'
            ? { data: [{ ...entry }], pageInfo: { hasNextPage: false, hasPreviousPage: false } }
            : listOf([]),
        ),
      },
      { isAdmin: true, isEditor: true },
    );
    expect(await screen.findByText('Eva Berg ändrade Material från Bomull till Linne')).toBeVisible();
  });
});
