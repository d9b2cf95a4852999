import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { SavedView } from '../../../domain/views';
import { renderConsoleAt as renderAt } from './renderConsole';
import { DESCRIBED, listOf, recordOf } from './described/cases';

// Saved views of a described list (`views: true`, resources/shared/SaveViewButton.tsx and savedViews.ts) over a fake
// data provider: 'Save view' names the list's filters and order as its address holds them, and the sidebar links each
// saved view back to the same list. Runs over every described resource that turns them on; one that does not offers
// no 'Save view'.

const WITH_VIEWS = DESCRIBED.filter(([, s]) => s.description.views === true);
const WITHOUT_VIEWS = DESCRIBED.filter(([, s]) => s.description.views !== true);

const viewOf = (resource: string, over: Partial<SavedView>): SavedView => ({
  id: 'v1',
  resource,
  name: 'Mine',
  params: {},
  shared: false,
  mine: true,
  ownerName: 'Ada Lovelace',
  created: '2026-11-24T10:00:00.000Z',
  ...over,
});

describe('saved views of a described list', () => {
  it('is turned on by at least one described resource', () => {
    expect(WITH_VIEWS.map(([name]) => name)).toContain('careguides');
  });

  it.each(WITH_VIEWS)('saves the filters and order of the %s list under a name', async (name, screens) => {
    const getList = vi.fn(async () => listOf([recordOf(screens.description, 1)]));
    const saveView = vi.fn(async (v: { name: string; params: Record<string, string> }) =>
      viewOf(name, { name: v.name, params: v.params }),
    );
    const listViews = vi.fn(async () => [] as SavedView[]);
    const field = screens.description.sort.field;
    renderAt(`/${name}?filter=${encodeURIComponent('{"q":"wash"}')}&sort=${field}&order=DESC`, {
      getList,
      saveView,
      listViews,
    });
    await screen.findByRole('table', { name: screens.texts.en.list });
    expect(listViews).toHaveBeenCalledWith(name);
    await userEvent.click(screen.getByRole('button', { name: 'Save view' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this view' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Washing, newest');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save view' }));
    expect(saveView).toHaveBeenCalledWith({
      resource: name,
      name: 'Washing, newest',
      params: { q: 'wash', sort: field, order: 'desc' },
      shared: false,
    });
    expect(await screen.findByText('View saved')).toBeVisible();
  });

  it.each(WITH_VIEWS)(
    'links each saved view of %s in the sidebar to its list, and offers to remove it there',
    async (name, screens) => {
      const choice = Object.entries(screens.description.fields).find(([, f]) => f.kind === 'choice');
      const params: Record<string, string> = { sort: screens.description.sort.field, order: 'desc' };
      if (choice) params[choice[0]] = (choice[1].options ?? []).slice(0, 2).join(',');
      // Asked per list: this list's view only when its views are asked for.
      const listViews = vi.fn(async (resource: string) =>
        resource === name ? [viewOf(name, { name: 'Two of them', params })] : [],
      );
      const getList = vi.fn(async (_resource: string, _params: { sort?: object; filter?: object }) =>
        listOf([recordOf(screens.description, 1)]),
      );
      renderAt(`/${name}`, { getList, listViews });
      const link = await screen.findByRole('menuitem', { name: 'Two of them' });
      await userEvent.click(link);
      await waitFor(() =>
        expect(getList.mock.calls.at(-1)![1]).toMatchObject({
          sort: { field: params.sort, order: 'DESC' },
          ...(choice ? { filter: { [choice[0]]: params[choice[0]]!.split(',') } } : {}),
        }),
      );
      expect(await screen.findByRole('button', { name: 'Remove view' })).toBeVisible();
    },
  );

  it.each(WITHOUT_VIEWS)('offers no Save view on the %s list, which keeps none', async (name, screens) => {
    const listViews = vi.fn(async () => [] as SavedView[]);
    renderAt(`/${name}`, { getList: vi.fn(async () => listOf([])), listViews });
    await screen.findByText(screens.texts.en.empty);
    expect(screen.queryByRole('button', { name: 'Save view' })).toBeNull();
    expect(listViews).not.toHaveBeenCalledWith(name);
  });
});
